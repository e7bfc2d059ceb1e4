import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner.tsx';
import { useImpersonation } from '../session/use-impersonation.ts';
import { useSession } from '../session/use-session.ts';
import { useIsActivePage } from '../shell/navigation/active-page.ts';
import { UsersTable } from './UsersTable.tsx';
import { type Contact, useContactSearch } from './use-contact-search.ts';

/**
 * The users tab of /admin: find a user of the organisation and impersonate them (spec 1,
 * sections 2.4 and 6). The search box has the focus whenever the page is shown on this tab.
 */
export function UsersPanel({ focusSearch = true }: { focusSearch?: boolean }) {
  const { t } = useTranslation('admin');
  const { me } = useSession();
  const { start } = useImpersonation();
  const [query, setQuery] = useState('');
  const search = useContactSearch(query);
  const [busy, setBusy] = useState<Contact | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const active = useIsActivePage();

  useEffect(() => {
    // Not when reached through the tabs: the arrow keys keep moving along them.
    if (active && focusSearch) input.current?.focus();
  }, [active, focusSearch]);

  async function impersonate(contact: Contact) {
    setBusy(contact);
    setFailure(null);
    try {
      // On success the session switches to the user and the dashboard opens.
      await start(contact.contact_id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setFailure(t('impersonateFailed', { name: contact.name || contact.email, reason }));
      setBusy(null);
    }
  }

  const { status, contacts } = search;
  return (
    <>
      <p className="muted">{t('intro')}</p>
      <div className="toolbar">
        <label className="search-field">
          <span className="sr-only">{t('search.label')}</span>
          <input
            ref={input}
            type="search"
            value={query}
            placeholder={t('search.placeholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        {status === 'loading' && contacts.length > 0 && <Spinner label={t('loading')} />}
      </div>
      {failure && (
        <p className="notice notice--danger" role="alert">
          {failure}
        </p>
      )}
      {status === 'error' ? (
        <div className="empty" role="alert">
          <p>{t('error')}</p>
          <p className="muted">{search.error}</p>
          <button type="button" className="button" onClick={search.retry}>
            {t('retry')}
          </button>
        </div>
      ) : contacts.length === 0 ? (
        <div className="empty" role="status">
          {status === 'loading' ? (
            <Spinner size="large" label={t('loading')} />
          ) : (
            <>
              <p>{t('empty')}</p>
              <p className="muted">{t('emptyHint')}</p>
            </>
          )}
        </div>
      ) : (
        <UsersTable
          contacts={contacts}
          loading={status === 'loading'}
          busyId={busy?.contact_id ?? null}
          selfId={me?.user.contact_id ?? null}
          onImpersonate={(contact) => void impersonate(contact)}
        />
      )}
    </>
  );
}
