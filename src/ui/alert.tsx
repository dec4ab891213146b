import { useEffect, useState, type ReactNode } from 'react';

/** How long an empty live region is in the page before its text goes in: long enough for a screen
 * reader to have noticed the region, short enough not to be seen as a delay. */
const REGION_NOTICED_MS = 150;

/**
 * After the page has loaded and the empty region has been in it for a moment. A screen reader
 * announces a change to a live region it already knows; an alert that arrives with the page (an
 * error in the address on load) is taken for part of the page and may never be announced.
 */
function useRegionReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      timer = setTimeout(() => setReady(true), REGION_NOTICED_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

/** A red alert, announced when it appears: its live region is in the page first, its text after. */
export function Alert({ children }: { children: ReactNode }) {
  const ready = useRegionReady();
  return (
    <div className={ready ? 'alert' : undefined} role="alert">
      {ready ? children : null}
    </div>
  );
}
