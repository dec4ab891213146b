import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './when-idle.ts';

const settled = (promise: Promise<void>) => {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
};

describe('afterNextPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves in a task after the next frame, not before it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let paintFrame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => ((paintFrame = callback), 1));
    try {
      const state = settled(afterNextPaint());
      await vi.advanceTimersByTimeAsync(50);
      expect(state.done).toBe(false); // no frame yet
      paintFrame!(performance.now());
      await Promise.resolve();
      expect(state.done).toBe(false); // not within the frame's task
      await vi.advanceTimersByTimeAsync(0);
      expect(state.done).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('resolves after 100 ms on a page that paints no frame (a hidden one)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0); // never calls back
    try {
      const state = settled(afterNextPaint());
      await vi.advanceTimersByTimeAsync(99);
      expect(state.done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(state.done).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
