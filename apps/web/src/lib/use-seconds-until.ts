import { useEffect, useState } from 'react';

function secondsLeft(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Whole seconds left until `deadline` (epoch ms), re-rendering each second; 0 once passed or null. */
export function useSecondsUntil(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline));
  useEffect(() => {
    setSeconds(secondsLeft(deadline));
    if (deadline === null) return;
    const timer = setInterval(() => {
      const next = secondsLeft(deadline);
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
