import { useTranslation } from 'react-i18next';
import { UserRow } from './UserRow.tsx';
import type { Contact } from './use-contact-search.ts';

export interface UsersTableProps {
  contacts: Contact[];
  /** True while a newer search loads; the rows stay until it answers. */
  loading: boolean;
  /** The user whose impersonation is starting, if any. */
  busyId: string | null;
  /** The signed-in user, who cannot impersonate themselves. */
  selfId: string | null;
  onImpersonate(contact: Contact): void;
}

/** The users found; each row's 'Impersonate' button is reached with Tab and pressed with Enter. */
export function UsersTable({ contacts, loading, busyId, selfId, onImpersonate }: UsersTableProps) {
  const { t } = useTranslation('admin');
  return (
    <table className="table admin-table" aria-busy={loading || undefined}>
      <caption className="sr-only">{t('count', { count: contacts.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columns.name')}</th>
          <th scope="col">{t('columns.email')}</th>
          <th scope="col">{t('columns.roleLevel')}</th>
          <th scope="col">{t('columns.lastLogin')}</th>
          <th scope="col">
            <span className="sr-only">{t('columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => (
          <UserRow
            key={contact.contact_id}
            contact={contact}
            busy={busyId === contact.contact_id}
            disabled={busyId !== null || contact.contact_id === selfId}
            onImpersonate={onImpersonate}
          />
        ))}
      </tbody>
    </table>
  );
}
