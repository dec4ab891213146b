/** Runs `work` when the browser is idle, within five seconds (Safari, without requestIdleCallback: after a second); returns a cancel. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1000);
  return () => clearTimeout(id);
}

/** Resolves in a task of its own once the next frame is painted, so a tap's work comes after what it
 * shows; a hidden page paints no frame, so then after a short timer. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}
