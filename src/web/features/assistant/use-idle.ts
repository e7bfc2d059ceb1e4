import { useCallback, useEffect, useRef, useState } from 'react';
import { useNow } from '../../shell/index.ts';

/**
 * The widget's idle time limit and warning offset (spec 2, section 9): `remaining` seconds show
 * as a warning once the offset is reached, and `onEnd` runs once when the limit passes without
 * activity. `touch()` marks activity (typing, asking).
 */
export function useIdle(options: {
  active: boolean;
  limitSeconds: number;
  warningSeconds: number;
  onEnd(): void;
}): { warning: number | null; touch(): void } {
  const now = useNow();
  const [last, setLast] = useState(() => Date.now());
  const ended = useRef(false);
  const onEnd = useRef(options.onEnd);
  onEnd.current = options.onEnd;
  const touch = useCallback(() => {
    ended.current = false;
    setLast(Date.now());
  }, []);
  const elapsed = (now - last) / 1000;
  const remaining = Math.ceil(options.limitSeconds - elapsed);
  useEffect(() => {
    if (options.active && remaining <= 0 && !ended.current) {
      ended.current = true;
      onEnd.current();
    }
  }, [options.active, remaining]);
  const warning = options.active && remaining > 0 && remaining <= options.warningSeconds ? remaining : null;
  return { warning, touch };
}
