import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListNameButton,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
  useListScreenTexts,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { useShellData } from '../../shell/index.ts';
import { CONTACTS_AREA, type Contact, listContacts, type ManagedContact } from './api.ts';
import { UserDetails } from './UserDetails.tsx';
import { UserForm } from './UserForm.tsx';

const idOf = (contact: Contact) => contact.contact_id;
const dataOf = (contact: Contact) => ({ 'contact-id': contact.contact_id });
/**
 * The top bar's customers narrow the people to theirs: the provider's own staff (role level
 * Global) belong to no one customer and are left out then.
 */
const customersOf = (contact: Contact) => contact.valid_customer_ids;

/**
 * /users (spec 2, sections 2 and 3): the people the caller may see, by name, with role level,
 * customers and last sign-in (provisioning robots are left out by the server); invite, edit and
 * delete for staff and customer administrators.
 */
export function UsersPage(_: ScreenProps) {
  const { t } = useTranslation('users');
  const canManage = useCan()('createContact');
  const { customers } = useShellData();
  const formatTime = useFormatTimestamp();
  const controls = useListControls();
  const load = asLoaded(useQuery(listContacts()));
  const invalidate = useInvalidatePaths();
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ contact: ManagedContact | null } | null>(null);
  const [version, setVersion] = useState(0);
  const customerNames = useMemo(() => new Map(customers.map((c) => [c.customer_id, c.name])), [customers]);
  const columns = useMemo((): ListColumn<Contact>[] => {
    const customersText = (c: Contact) =>
      c.role_level === 'Global'
        ? t('list.allCustomers')
        : c.valid_customer_ids.map((id) => customerNames.get(id) ?? id).join(', ');
    return [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (c) => c.name || c.email,
        render: (c) => (
          <ListNameButton expanded={openId === c.contact_id} onClick={() => setOpenId(c.contact_id)}>
            {c.name || c.email}
          </ListNameButton>
        ),
      },
      {
        key: 'email',
        label: t('columns.email'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (c) => c.email,
      },
      {
        key: 'role_level',
        label: t('columns.role_level'),
        width: '8rem',
        sortable: true,
        text: (c) => t(`roleLevel.${c.role_level}`),
      },
      {
        key: 'customers',
        label: t('columns.customers'),
        width: 'minmax(10rem, 2fr)',
        sortable: true,
        text: customersText,
      },
      {
        key: 'last_login',
        label: t('columns.last_login'),
        width: 'minmax(11rem, 1fr)',
        sortable: true,
        // Never signed in sorts before the oldest sign-in.
        value: (c) => (c.last_login ? Date.parse(c.last_login) : 0),
        text: (c) => (c.last_login ? formatTime(c.last_login) : t('list.never')),
        render: (c) => (c.last_login ? <TimeText iso={c.last_login} format={formatTime} /> : t('list.never')),
      },
    ];
  }, [t, openId, customerNames, formatTime]);
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls, { customersOf });
  // j/k move through the people (the name takes the focus), Enter opens, Esc closes, n invites.
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: form === null,
    onOpen: (c) => setOpenId(c.contact_id),
    onBack: () => {
      if (openId === null) return false;
      setOpenId(null);
      return true;
    },
    ...(canManage && { onNew: () => setForm({ contact: null }) }),
  });
  const reload = useCallback(() => void invalidate(CONTACTS_AREA), [invalidate]);
  const open = load.data?.find((c) => c.contact_id === openId) ?? null;
  const saved = (contact: ManagedContact) => {
    setForm(null);
    setOpenId(contact.contact_id);
    setVersion((v) => v + 1);
    reload();
  };

  const texts = useListScreenTexts('users', load, total);
  return (
    <ListScreen
      className="users-page"
      {...texts}
      actions={
        canManage && (
          <button type="button" className="button button--primary" onClick={() => setForm({ contact: null })}>
            {t('new')}
          </button>
        )
      }
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      aside={
        open && (
          <UserDetails
            contact={open}
            customerNames={customerNames}
            canManage={canManage}
            version={version}
            onEdit={(contact) => setForm({ contact })}
            onDeleted={() => {
              setOpenId(null);
              reload();
            }}
          />
        )
      }
    >
      {form && <UserForm contact={form.contact} onClose={() => setForm(null)} onSaved={saved} />}
    </ListScreen>
  );
}
