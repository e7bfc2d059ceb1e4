import { useTranslation } from 'react-i18next';
import { Timestamp } from '../components/Timestamp.tsx';
import type { Contact } from './use-contact-search.ts';

export interface UserRowProps {
  contact: Contact;
  /** The row whose impersonation is starting; every button waits meanwhile. */
  busy: boolean;
  disabled: boolean;
  onImpersonate(contact: Contact): void;
}

/** One user: name, e-mail, role level, last login and the 'Impersonate' action. */
export function UserRow({ contact, busy, disabled, onImpersonate }: UserRowProps) {
  const { t } = useTranslation('admin');
  const nameId = `admin-user-${contact.contact_id}`;
  const name = contact.name || contact.email;
  return (
    <tr aria-busy={busy || undefined}>
      <th scope="row" id={nameId}>
        {name}
      </th>
      <td>{contact.email}</td>
      <td>{contact.role_level === 'Global' ? t('roleLevel.global') : t('roleLevel.customer')}</td>
      <td>{contact.last_login ? <Timestamp iso={contact.last_login} /> : t('neverLoggedIn')}</td>
      <td>
        <button
          type="button"
          className="button button--small"
          aria-describedby={nameId}
          disabled={disabled}
          onClick={() => onImpersonate(contact)}
        >
          {busy ? t('impersonating', { name }) : t('impersonate')}
        </button>
      </td>
    </tr>
  );
}
