import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `targetMs` (epoch ms), updated every second; 0 once
 * the time has come (e.g. the resend cooldown of DESIGN.md §3).
 */
export function useCountdown(targetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((targetMs - now) / 1000));

  useEffect(() => {
    if (targetMs <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= targetMs) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [targetMs]);

  return secondsLeft;
}
