import { useEffect, useState, type ReactNode } from 'react';

/** How long the empty live region is in the page before its text: long enough for a screen reader to notice it. */
const REGION_NOTICED_MS = 150;

/** True a moment after load: screen readers announce changes to a live region they already know. */
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
