import { useTranslation } from 'react-i18next';
import type { LoadProgress } from '../api.ts';

/** 'Loaded 30 000 of 100 000' while pages arrive; a note when the list holds only the newest. */
export function LoadProgressBar({ progress, loading }: { progress: LoadProgress | null; loading: boolean }) {
  const { t } = useTranslation('alerts');
  if (!progress) return null;
  if (loading) {
    return (
      <div className="alerts-progress" role="status">
        <progress max={Math.max(1, progress.expected)} value={progress.loaded} />
        <span>{t('list.loaded', { loaded: progress.loaded, expected: progress.expected })}</span>
      </div>
    );
  }
  if (progress.total > progress.loaded) {
    return (
      <p className="muted alerts-progress" role="status">
        {t('list.truncated', { loaded: progress.loaded, total: progress.total })}
      </p>
    );
  }
  return null;
}
