import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import type { ScreenProps } from '../../app/screen-props.ts';
import { GridHeaderRow } from '../../components/table/GridHeaderRow.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useRowCursor } from '../../components/use-row-cursor.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useShellData } from '../../shell/index.ts';
import type { ManagedContact } from './api.ts';
import { UserDetails } from './UserDetails.tsx';
import { UserForm } from './UserForm.tsx';
import { UserRow, type UserRowProps } from './UserRow.tsx';
import './users.css';
import { useCan } from '../../session/use-can.ts';
import { useContactList } from './use-contact-list.ts';

const ROW_HEIGHT = 40;
const MAX_HEIGHT = 480;
const COLUMNS = ['name', 'email', 'role_level', 'customers', 'last_login'] as const;

/**
 * /users (spec 2, sections 2 and 3): the people the caller may see, by name, with role level,
 * customers and last sign-in (provisioning robots are left out by the server); invite, edit and
 * delete for staff and customer administrators.
 */
export function UsersPage(_: ScreenProps) {
  const { t } = useTranslation('users');
  const session = useSession();
  const canManage = useCan()('createContact');
  const { customers } = useShellData();
  const list = useContactList(session.status === 'ready');
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ contact: ManagedContact | null } | null>(null);
  const [version, setVersion] = useState(0);
  const active = useIsActivePage();
  const listRef = useListRef(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const { cursor, setCursor, focusRow } = useRowCursor(gridRef, { list: listRef, focusSelector: 'button' });
  const customerNames = useMemo(() => new Map(customers.map((c) => [c.customer_id, c.name])), [customers]);
  const open = list.contacts.find((c) => c.contact_id === openId) ?? null;
  const rowProps = useMemo<UserRowProps>(
    () => ({
      contacts: list.contacts,
      customerNames,
      openId,
      onOpen: (c) => setOpenId(c.contact_id),
      onFocusRow: setCursor,
    }),
    [list.contacts, customerNames, openId, setCursor],
  );
  // j/k move through the people (the name's button takes the focus), Enter opens, Esc closes, n invites.
  useListKeys({
    enabled: active && form === null,
    count: list.contacts.length,
    focused: cursor !== null && cursor < list.contacts.length ? cursor : null,
    setFocused: focusRow,
    onOpen: (index) => {
      const contact = list.contacts[index];
      if (contact) setOpenId(contact.contact_id);
    },
    onBack: () => {
      if (openId === null) return false;
      setOpenId(null);
      return true;
    },
    ...(canManage && { onNew: () => setForm({ contact: null }) }),
  });
  const saved = (contact: ManagedContact) => {
    setForm(null);
    setOpenId(contact.contact_id);
    setVersion((v) => v + 1);
    list.reload();
  };
  const height = Math.min(MAX_HEIGHT, Math.max(list.contacts.length, 1) * ROW_HEIGHT);

  return (
    <div className="page-body users-page">
      <header className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('subtitle')}</p>
        </div>
        {canManage && (
          <button type="button" className="button button--primary" onClick={() => setForm({ contact: null })}>
            {t('new')}
          </button>
        )}
      </header>
      <div className="two-panes">
        <LoadedContent
          load={list}
          empty={list.contacts.length === 0}
          labels={{
            empty: t('list.empty'),
            loadFailed: t('errors.load'),
            retry: t('retry'),
            loading: t('loading'),
          }}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs */}
          <div
            ref={gridRef}
            role="grid"
            aria-label={t('list.label')}
            aria-rowcount={list.contacts.length + 1}
            className="user-grid"
          >
            <GridHeaderRow
              className="user-row user-row--header"
              labels={COLUMNS.map((column) => t(`columns.${column}`))}
            />
            <List
              role="rowgroup"
              listRef={listRef}
              rowComponent={UserRow}
              rowCount={list.contacts.length}
              rowHeight={ROW_HEIGHT}
              rowProps={rowProps}
              defaultHeight={height}
              style={{ height }}
            />
          </div>
        </LoadedContent>
        {open && (
          <UserDetails
            contact={open}
            customerNames={customerNames}
            canManage={canManage}
            version={version}
            onEdit={(contact) => setForm({ contact })}
            onDeleted={() => {
              setOpenId(null);
              list.reload();
            }}
          />
        )}
      </div>
      {form && <UserForm contact={form.contact} onClose={() => setForm(null)} onSaved={saved} />}
    </div>
  );
}
