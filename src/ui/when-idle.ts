/**
 * Runs `work` when the browser has nothing else to do, within five seconds (Safari has no
 * requestIdleCallback: a second later); returns a function that cancels it if it has not run.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1000);
  return () => clearTimeout(id);
}

/**
 * Resolves in a task of its own once the next frame has been painted: work a tap starts, put after
 * what the tap shows (the frame is not held back by it). A hidden page paints no frame: then after
 * 100 ms.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}
