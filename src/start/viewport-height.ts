/** Keeps `--vh` at 1% of the window height, so full-height layouts fit mobile browser chrome. */
export function trackViewportHeight(win: Window = window): () => void {
  const update = () => win.document.documentElement.style.setProperty('--vh', `${win.innerHeight * 0.01}px`);
  update();
  win.addEventListener('resize', update);
  return () => win.removeEventListener('resize', update);
}
