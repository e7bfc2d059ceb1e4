import { useTranslation } from 'react-i18next';
import { durationParts, elapsed } from './run-timing.ts';

/** A run's or step's duration in the user's language; a dash before it started. */
export function RunDuration({
  startedAt,
  finishedAt,
}: {
  startedAt: string | null;
  finishedAt: string | null;
}) {
  const { t } = useTranslation('workflows');
  const ms = elapsed(startedAt, finishedAt, Date.now());
  if (ms === null) return <>—</>;
  return (
    <>
      {durationParts(ms)
        .map((p) => t(`runs.duration.${p.unit}`, { value: p.value }))
        .join(' ')}
    </>
  );
}
