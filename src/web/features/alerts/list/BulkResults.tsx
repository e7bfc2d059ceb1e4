import { useTranslation } from 'react-i18next';
import type { BulkResult } from '../../../../../machines/bulk-triage/bulk-triage.context.ts';

const SHOWN_FAILURES = 20;

/**
 * '12 updated, 2 skipped, 1 failed' and why each alert was left as it was. By filter ("update
 * all") no versions are sent, so a conflict is an alert created or changed after the list's
 * as-of moment: the server skipped it, since the person never saw it so.
 */
export function BulkResults({ result, byFilter = false }: { result: BulkResult; byFilter?: boolean }) {
  const { t } = useTranslation('alerts');
  const skipped = byFilter ? result.failed.filter((f) => f.code === 'conflict').length : 0;
  const failed = result.failed.length - skipped;
  const reason = (code: string, message: string) => {
    switch (code) {
      case 'conflict':
        return byFilter ? t('bulk.failure.afterList') : t('bulk.failure.conflict');
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
        {skipped > 0 && `, ${t('bulk.skipped', { count: skipped })}`}
        {failed > 0 && `, ${t('bulk.failed', { count: failed })}`}
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
