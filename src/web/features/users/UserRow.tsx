import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowComponentProps } from 'react-window';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { Contact } from './api.ts';

export interface UserRowProps {
  contacts: readonly Contact[];
  customerNames: ReadonlyMap<string, string>;
  openId: string | null;
  onOpen(contact: Contact): void;
  /** The row whose name has the focus: where j and k continue from. */
  onFocusRow(index: number): void;
}

/** One person of the list (a react-window row): the name opens the details. */
export function UserRow({
  index,
  style,
  contacts,
  customerNames,
  openId,
  onOpen,
  onFocusRow,
}: RowComponentProps<UserRowProps>) {
  const { t } = useTranslation('users');
  const item = contacts[index];
  if (!item) return null;
  const customers =
    item.role_level === 'Global'
      ? t('list.allCustomers')
      : item.valid_customer_ids.map((id) => customerNames.get(id) ?? id).join(', ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="user-row"
      style={style}
      data-contact-id={item.contact_id}
      data-row-index={index}
      onFocus={() => onFocusRow(index)}
    >
      <Cell>
        <button
          type="button"
          className="link-button"
          aria-expanded={openId === item.contact_id}
          onClick={() => onOpen(item)}
        >
          {item.name || item.email}
        </button>
      </Cell>
      <Cell>{item.email}</Cell>
      <Cell>{t(`roleLevel.${item.role_level}`)}</Cell>
      <Cell className="user-row__customers">{customers}</Cell>
      <Cell>{item.last_login ? <Timestamp iso={item.last_login} /> : t('list.never')}</Cell>
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
