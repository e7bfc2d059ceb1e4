import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { CaseRow } from './CaseRow.tsx';
import type { CaseSummary } from './case-api.ts';
import { PlaceholderRows } from './PlaceholderRows.tsx';

export interface CaseTableProps {
  cases: readonly CaseSummary[];
  loading: boolean;
  cursor: number;
  customerName(customerId: string): string;
  displayUser(email: string): string;
  onFocusRow(index: number): void;
}

const COLUMNS = 8;

/** The cases as a table: title, customer, status, risk, tags, assignees, alert count, updated. */
export function CaseTable({ cases, loading, cursor, customerName, displayUser, onFocusRow }: CaseTableProps) {
  const { t } = useTranslation('cases');
  return (
    <div className="case-table-wrap">
      <table className="case-table" aria-busy={loading || undefined}>
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.title')}</th>
            <th scope="col">{t('columns.customer')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.risk')}</th>
            <th scope="col">{t('columns.tags')}</th>
            <th scope="col">{t('columns.assignees')}</th>
            <th scope="col">{t('columns.alerts')}</th>
            <th scope="col">{t('columns.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <PlaceholderRows columns={COLUMNS} />
          ) : (
            cases.map((item, index) => (
              <CaseRow
                key={item.id}
                item={item}
                index={index}
                current={index === cursor}
                customerName={customerName(item.customer_id)}
                displayUser={displayUser}
                onFocusRow={onFocusRow}
              />
            ))
          )}
        </tbody>
      </table>
      {loading && <Spinner label={t('list.loading')} className="sr-only" />}
    </div>
  );
}
