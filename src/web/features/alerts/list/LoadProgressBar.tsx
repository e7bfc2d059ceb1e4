import { useTranslation } from 'react-i18next';
import type { LoadProgress } from '../api.ts';

/** 'Loaded 30 000 of 80 000' while pages arrive; a note when the list holds only the newest. */
export function LoadProgressBar({ progress, loading }: { progress: LoadProgress | null; loading: boolean }) {
  const { t } = useTranslation('alerts');
  if (!progress) return null;
  if (loading) {
    // Beyond 10 000 matches the server does not count them all: the bar then shows activity only.
    return (
      <div className="alerts-progress" role="status">
        {progress.expected === null ? (
          <progress />
        ) : (
          <progress max={Math.max(1, progress.expected)} value={progress.loaded} />
        )}
        <span>
          {progress.expected === null
            ? t('list.loadedSoFar', { loaded: progress.loaded })
            : t('list.loaded', { loaded: progress.loaded, expected: progress.expected })}
        </span>
      </div>
    );
  }
  if (progress.truncated) {
    return (
      <p className="muted alerts-progress" role="status">
        {t('list.truncated', { loaded: progress.loaded })}
      </p>
    );
  }
  return null;
}
