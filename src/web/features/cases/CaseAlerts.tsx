import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TRUNCATE, truncate } from '../../../common/format.ts';
import { priorityColour } from '../../../common/statuses.ts';
import { ApiError } from '../../api/errors.ts';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useToasts } from '../../shell/index.ts';
import { AssignAlertsForm } from './AssignAlertsForm.tsx';
import { assignCaseAlerts, type CaseRecord, unassignCaseAlert } from './api.ts';
import { StatusBadge } from './StatusBadge.tsx';

export interface CaseAlertsProps {
  record: CaseRecord;
  /** The case as the server answered an assignment or unassignment. */
  onChanged(record: CaseRecord): void;
}

/** The case's 10 most recent alerts (spec 2, section 9), each with unassign, and assign by id. */
export function CaseAlerts({ record, onChanged }: CaseAlertsProps) {
  const { t } = useTranslation('cases');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const uid = useId();

  async function run(
    change: () => Promise<CaseRecord>,
    done: (record: CaseRecord) => string,
  ): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    try {
      const next = await change();
      onChanged(next);
      notify({ severity: 'success', title: done(next), message: '' });
      return true;
    } catch (error) {
      // Spec 2, section 8: 'Unable to update case' + 'Please try again later.'
      notify({ severity: 'danger', title: t('errors.update'), message: common('tryAgainLater') });
      // A missing or foreign alert is the user's to fix: say which.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404))
        setFailure(error.message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const alerts = record.recent_alerts;
  return (
    <section className="card case-alerts" aria-labelledby={`${uid}-case-alerts-title`}>
      <h2 id={`${uid}-case-alerts-title`}>
        {t('alerts.title')}{' '}
        <span className="muted case-alerts__count">
          {t('alerts.count', { shown: alerts.length, count: record.alert_count })}
        </span>
      </h2>
      {alerts.length === 0 ? (
        <p className="muted">{t('alerts.none')}</p>
      ) : (
        <ol className="case-alerts__list">
          {alerts.map((alert) => (
            <li key={alert.id} className="case-alert">
              <Link href={`/alerts/${alert.id}`} className="case-alert__title" title={alert.title}>
                <span className="case-id">#{alert.id}</span> {truncate(alert.title, TRUNCATE.alertTitle)}
              </Link>
              <span className="case-alert__meta">
                <StatusBadge status={alert.status} />
                <span className={`priority priority--${priorityColour(alert.priority)}`}>
                  {alert.priority}
                </span>
                {alert.host_name && <span className="muted">{alert.host_name}</span>}
                <Timestamp iso={alert['@timestamp']} />
              </span>
              {record.can_edit && (
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={busy}
                  aria-label={t('alerts.unassignLabel', { id: alert.id })}
                  onClick={() =>
                    run(
                      () => unassignCaseAlert(record.id, alert.id),
                      () => t('alerts.unassigned', { id: alert.id }),
                    )
                  }
                >
                  {t('alerts.unassign')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {failure && (
        <p className="notice notice--danger" role="alert">
          {failure}
        </p>
      )}
      {record.can_edit && (
        <AssignAlertsForm
          busy={busy}
          onAssign={(ids) =>
            run(
              () => assignCaseAlerts(record.id, ids),
              () => t('assign.done', { count: ids.length }),
            )
          }
        />
      )}
    </section>
  );
}
