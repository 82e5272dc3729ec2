import { useEffect, useState } from 'react';

/** Whole seconds left until `targetMs` (epoch ms), ticking once a second, never below 0. */
export function useSecondsUntil(targetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((targetMs - now) / 1000));

  const done = remaining === 0;

  useEffect(() => {
    if (done) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [done]);

  return remaining;
}
