import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDE_OUT_MS, useSlideOut } from './use-slide-out.ts';

/** A card whose button slides it out and then calls `next`. */
function Card({ next }: { next: () => void }) {
  const { leaving, slideOut } = useSlideOut();
  return (
    <button type="button" className={leaving ? 'leaving' : undefined} onClick={() => slideOut(performance.now(), next)}>
      Accept
    </button>
  );
}

const leaving = () => screen.getByRole('button').classList.contains('leaving');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useSlideOut', () => {
  it('runs the next step once, SLIDE_OUT_MS after the tap; a second tap meanwhile changes nothing', async () => {
    const next = vi.fn();
    render(<Card next={next} />);
    fireEvent.click(screen.getByRole('button'));
    expect(leaving()).toBe(true);
    await advance(SLIDE_OUT_MS / 2);
    fireEvent.click(screen.getByRole('button'));
    await advance(SLIDE_OUT_MS / 2 - 1);
    expect(next).not.toHaveBeenCalled();
    await advance(1);
    expect([next.mock.calls.length, leaving()]).toEqual([1, false]);
    await advance(SLIDE_OUT_MS);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('with reduced motion, runs the next step at once', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: /reduce/.test(query) }));
    const next = vi.fn();
    render(<Card next={next} />);
    fireEvent.click(screen.getByRole('button'));
    expect([next.mock.calls.length, leaving()]).toEqual([1, false]);
  });
});
