import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './use-painted.ts';

/** The link at once, its QR code once the frame with the link is painted. */
function Shared() {
  const painted = usePainted();
  return (
    <>
      <p>Link</p>
      {painted ? <p>QR code</p> : null}
    </>
  );
}

describe('usePainted', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("renders what waits only once the component's first frame is painted", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    render(<Shared />);
    expect(screen.getByText('Link')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByText('QR code')).toBeNull(); // no frame painted yet
    await act(async () => {
      frames.splice(0).forEach((frame) => frame(performance.now()));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('QR code')).toBeTruthy();
  });
});
