import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { getReport } from './api.ts';
import { ReportEditor } from './ReportEditor.tsx';
import './reports.css';

/** /reports/{id}: the builder of one report, its PDF preview beside it, and its delivery below. */
export function ReportBuilderPage({ params }: ScreenProps) {
  const { t } = useTranslation('reports');
  const id = params.id ?? '';
  const loaded = asLoaded(useQuery(getReport(id)));
  if (loaded.status === 'error') {
    const missing =
      loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400);
    return (
      <div className="page-body">
        <p className="muted">
          <Link href="/reports">{t('title')}</Link>
        </p>
        <LoadError
          error={loaded.error}
          message={missing ? t('errors.notFound') : t('errors.loadReport')}
          retryLabel={t('retry')}
          onRetry={loaded.reload}
        />
      </div>
    );
  }
  if (!loaded.data)
    return (
      <div className="page-body" aria-busy="true">
        <p role="status">{t('loading')}</p>
      </div>
    );
  // A new id starts a new draft; a save of this one keeps the draft (the editor resets it).
  return <ReportEditor key={loaded.data.id} report={loaded.data} reload={loaded.reload} />;
}
