import { useTranslation } from 'react-i18next';
import type { BulkResult } from '../../../../../machines/bulk-triage/bulk-triage.context.ts';

const SHOWN_FAILURES = 20;

/** '12 updated, 2 failed' and why each failed alert was left as it was. */
export function BulkResults({ result }: { result: BulkResult }) {
  const { t } = useTranslation('alerts');
  const reason = (code: string, message: string) => {
    switch (code) {
      case 'conflict':
        return t('bulk.failure.conflict');
      case 'invalid_transition':
        return t('bulk.failure.invalidTransition');
      case 'not_found':
        return t('bulk.failure.notFound');
      default:
        return message;
    }
  };
  return (
    <div className="alerts-bulk-results" role="status">
      <p>
        {t('bulk.updated', { count: result.updated.length })}
        {result.failed.length > 0 && `, ${t('bulk.failed', { count: result.failed.length })}`}
      </p>
      {result.failed.length > 0 && (
        <>
          <ul className="alerts-bulk-results__failures">
            {result.failed.slice(0, SHOWN_FAILURES).map((f) => (
              <li key={f.id}>
                #{f.id} {reason(f.code, f.message)}
              </li>
            ))}
          </ul>
          {result.failed.length > SHOWN_FAILURES && (
            <p className="muted">
              {t('bulk.moreFailures', { count: result.failed.length - SHOWN_FAILURES })}
            </p>
          )}
          <p className="muted">{t('bulk.failedStaySelected')}</p>
        </>
      )}
    </div>
  );
}
