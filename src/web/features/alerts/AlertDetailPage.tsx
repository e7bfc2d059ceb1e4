import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import './alerts.css';
import { useLocation } from 'wouter';
import { useScreenKeys } from '../../keyboard/use-screen-keys.ts';
import { useIsActivePage } from '../../shell/index.ts';
import { AlertDetailBody } from './detail/AlertDetailBody.tsx';
import { useAlertDetail } from './detail/use-alert-detail.ts';

/** /alerts/:id: one alert with everything an analyst needs to triage it (spec 2, section 2). */
export function AlertDetailPage({ params }: ScreenProps) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const [, navigate] = useLocation();
  const raw = params.id ?? '';
  const id = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  const { state, reload, replace } = useAlertDetail(id);
  // Esc goes back while there is no alert to show; once it is shown, AlertDetailBody has the keys.
  const active = useIsActivePage();
  useScreenKeys({ 'alert.back': () => navigate('/alerts') }, active && state.status !== 'ready');

  if (state.status === 'ready')
    return <AlertDetailBody alert={state.alert} replace={replace} reload={reload} />;
  return (
    <div className="page-body alert-detail">
      {state.status === 'loading' && (
        <div className="page-loading page-loading--inline slow-load-host">
          <Spinner size="large" />
          <SlowLoadNotice loading />
        </div>
      )}
      {state.status === 'not-found' && (
        <div className="alerts-state" role="alert">
          <h1>{t('detail.notFound', { id: raw })}</h1>
          <Link href="/alerts">{t('detail.back')}</Link>
        </div>
      )}
      {state.status === 'error' && (
        <div className="alerts-state alerts-state--error" role="alert">
          <h1>{t('detail.loadFailed')}</h1>
          <p>{tc('tryAgainLater')}</p>
          <button type="button" className="button" onClick={reload}>
            {t('list.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
