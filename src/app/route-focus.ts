import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The new page's one `h1` (every page's BrandHeader), once it is in the document. */
function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  heading.focus();
  return true;
}

/**
 * Moves focus to the new page's `h1` after every route change but the first (decision 0023), in the
 * commit that shows it (a layout effect: Preact runs the others a frame later).
 */
export function useFocusOnRouteChange(): void {
  const location = useLocation();
  const shown = useRef(location);
  const pending = useRef(false);

  useLayoutEffect(() => {
    if (shown.current !== location) {
      shown.current = location;
      pending.current = true;
    }
    if (!pending.current) return;
    const done = () => {
      if (!focusPageHeading()) return false;
      pending.current = false;
      return true;
    };
    if (done()) return;
    // A page whose heading is not rendered yet (its code still loading): focus it when it comes.
    const observer = new MutationObserver(() => {
      if (done()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location]);
}
