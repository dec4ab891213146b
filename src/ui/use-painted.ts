import { useEffect, useState } from 'react';
import { afterNextPaint } from './when-idle.ts';

/** False while a component's first frame is made, true once it is painted: what can wait renders after what a tap shows. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterNextPaint().then(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
