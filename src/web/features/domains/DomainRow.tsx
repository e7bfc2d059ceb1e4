import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowComponentProps } from 'react-window';
import { Link } from 'wouter';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { Domain } from './api.ts';

export interface DomainRowProps {
  domains: readonly Domain[];
  canManage: boolean;
  onToggle(domain: Domain): void;
}

/** One monitored domain (a react-window row): its name opens its lookalikes; the toggle asks first. */
export function DomainRow({ index, style, domains, canManage, onToggle }: RowComponentProps<DomainRowProps>) {
  const { t } = useTranslation('domains');
  const item = domains[index];
  if (!item) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="domain-row"
      style={style}
      data-domain={item.domain}
    >
      <Cell>
        <Link href={`/domains/${item.uid}`}>{item.domain}</Link>
      </Cell>
      <Cell>{item.customer_name}</Cell>
      <Cell>{item.active ? t('list.active') : t('list.paused')}</Cell>
      <Cell className="numeric">{item.lookalike_count}</Cell>
      <Cell className="numeric">{item.highest_risk ?? '–'}</Cell>
      <Cell>
        {item.scan_status ? (
          <span title={item.scan_error ?? undefined}>{t(`list.scan.${item.scan_status}`)}</span>
        ) : item.last_scanned_at ? (
          <Timestamp iso={item.last_scanned_at} />
        ) : (
          t('list.notScanned')
        )}
      </Cell>
      <Cell>
        {canManage && (
          <button
            type="button"
            className="button button--small"
            // The short word fits the column; the name says which domain it acts on.
            aria-label={
              item.active
                ? t('toggle.pause', { domain: item.domain })
                : t('toggle.resume', { domain: item.domain })
            }
            onClick={() => onToggle(item)}
          >
            {item.active ? t('toggle.pauseShort') : t('toggle.resumeShort')}
          </button>
        )}
      </Cell>
    </div>
  );
}

function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid
    <span role="gridcell" tabIndex={-1} className={className}>
      {children}
    </span>
  );
}
