import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowComponentProps } from 'react-window';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { Customer } from './api.ts';

export interface CustomerRowProps {
  customers: readonly Customer[];
  openId: string | null;
  onOpen(customer: Customer): void;
}

/** One customer of the list (a react-window row): its name opens the details; counts and dates beside it. */
export function CustomerRow({
  index,
  style,
  customers,
  openId,
  onOpen,
}: RowComponentProps<CustomerRowProps>) {
  const { t } = useTranslation('customers');
  const item = customers[index];
  if (!item) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="customer-row"
      style={style}
      data-customer-id={item.customer_id}
    >
      <Cell className="customer-row__name">
        <button
          type="button"
          className="link-button"
          aria-expanded={openId === item.customer_id}
          onClick={() => onOpen(item)}
        >
          {item.name}
        </button>
      </Cell>
      <Cell>{item.has_subscription ? t('list.active') : t('list.inactive')}</Cell>
      <Cell className="numeric">{item.agent_count ?? 0}</Cell>
      <Cell className="numeric">{item.alert_count ?? 0}</Cell>
      <Cell className="numeric">{item.case_count ?? 0}</Cell>
      <Cell>
        <Timestamp iso={item.created_time} />
      </Cell>
      <Cell>
        <Timestamp iso={item.modified_time} />
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
