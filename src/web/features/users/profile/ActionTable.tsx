import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ActionColumn<T> {
  header: string;
  cell(row: T): ReactNode;
}

export interface ActionTableProps<T> {
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** null while loading. */
  rows: readonly T[] | null;
  failed: boolean;
  failedText: string;
  onRetry(): void;
  /** Shown instead of an empty table; an empty table when omitted. */
  emptyText?: string;
  rowKey(row: T): string;
  columns: readonly ActionColumn<T>[];
  /** The row's one action (a button), or nothing. */
  action(row: T): ReactNode;
}

/**
 * A small list of one's own things, each with an action (end a session, revoke a key), with its
 * states: loading, failed (with a retry), empty.
 */
export function ActionTable<T>({
  labelledBy,
  rows,
  failed,
  failedText,
  onRetry,
  emptyText,
  rowKey,
  columns,
  action,
}: ActionTableProps<T>) {
  const { t } = useTranslation('access');
  if (failed)
    return (
      <p role="alert">
        {failedText}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          {t('retry')}
        </button>
      </p>
    );
  if (rows === null) return <p role="status">{t('loading')}</p>;
  if (rows.length === 0 && emptyText !== undefined) return <p>{emptyText}</p>;
  return (
    <table className="table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column.header}>
              {column.header}
            </th>
          ))}
          <th scope="col">
            <span className="sr-only">{t('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(row)}</td>
            ))}
            <td>{action(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
