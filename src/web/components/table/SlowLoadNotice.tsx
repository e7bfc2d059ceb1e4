import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How long a list or detail may load before it says so. The spec leaves the period open: long
 * enough that a normal load never shows it, short enough that a person does not give up.
 */
export const SLOW_LOAD_MS = 3000;

/** True once `loading` has lasted `waitMs` without a break; false again as soon as it ends. */
export function useSlowLoad(loading: boolean, waitMs = SLOW_LOAD_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), waitMs);
    return () => clearTimeout(timer);
  }, [loading, waitMs]);
  return loading && slow;
}

/**
 * The overlay over a list or detail whose load outlasts its wait period (spec 1, section 4.6):
 * 'Things are taking a while, please wait…'. Place it inside the element it covers, which must be
 * positioned (the class `slow-load-host` does that).
 */
export function SlowLoadNotice({ loading, waitMs }: { loading: boolean; waitMs?: number }) {
  const { t } = useTranslation();
  const slow = useSlowLoad(loading, waitMs);
  if (!slow) return null;
  return (
    <div className="slow-load" role="status">
      <p className="slow-load__message">{t('takingAWhile')}</p>
    </div>
  );
}
