import { useTranslation } from 'react-i18next';
import { badgeCount } from '../../../common/format.ts';
import { Badge } from '../../components/Badge.tsx';
import { Menu, type MenuEntry } from '../../components/Menu.tsx';
import { safeHref } from '../../components/safe-href.ts';
import { useSession } from '../../session/use-session.ts';
import { useShellData } from '../data/ShellDataProvider.tsx';
import { Avatar } from './Avatar.tsx';
import { initials } from './gravatar.ts';
import { useNewUpdatesCount } from './use-new-updates-count.ts';

/** Partners created from these sources get a link back to where they came from (spec 1, §2.4). */
const RETURNING_SOURCES = ['securecloud', 'ecom'];

/** The user menu (spec 1, section 2.4): profile, updates, settings, support, sign-out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { me } = useSession();
  const { knowledgeBaseUrl } = useShellData();
  const newUpdates = useNewUpdatesCount();
  if (!me) return null;
  const { user, partner } = me;
  const entries: MenuEntry[] = [
    {
      kind: 'text',
      id: 'who',
      content: (
        <>
          <strong className="menu__name">{user.name || user.email}</strong>
          <span className="menu__email">{user.email}</span>
        </>
      ),
    },
    { kind: 'separator', id: 'sep-1' },
    { kind: 'link', id: 'profile', to: '/profile', label: t('userMenu.profile'), icon: 'user' },
    {
      kind: 'link',
      id: 'updates',
      to: '/updates',
      label: t('userMenu.updates'),
      icon: 'updates',
      end:
        newUpdates > 0 ? (
          <Badge tone="accent" label={t('userMenu.newUpdates', { count: newUpdates })}>
            {badgeCount(newUpdates)}
          </Badge>
        ) : undefined,
    },
    { kind: 'link', id: 'mdr', to: '/profile#mdr', label: t('userMenu.mdrProfile'), icon: 'id-card' },
    { kind: 'link', id: 'security', to: '/profile#security', label: t('userMenu.security'), icon: 'lock' },
  ];
  if (knowledgeBaseUrl) {
    entries.push({
      kind: 'external',
      id: 'support',
      href: knowledgeBaseUrl,
      label: t('userMenu.support'),
      icon: 'help',
    });
  }
  // The partner's return address is data: only an http(s) address becomes a link, never javascript:.
  const returnUrl = partner.return_url ? safeHref(partner.return_url, null) : null;
  if (partner.created_source && RETURNING_SOURCES.includes(partner.created_source) && returnUrl) {
    entries.push({
      kind: 'external',
      id: 'return',
      href: returnUrl,
      label: t('userMenu.returnToPreviousSite'),
      icon: 'return',
      newTab: false,
    });
  }
  entries.push(
    { kind: 'separator', id: 'sep-2' },
    { kind: 'link', id: 'logout', to: '/logout', label: t('userMenu.logout'), icon: 'log-out' },
  );

  return (
    <Menu
      className="user-menu"
      // The name starts with the initials the button shows, outside brackets (which label-in-name
      // checks leave out), so a speech user can say what they see.
      label={t('userMenu.label', {
        name: user.name || user.email,
        initials: initials(user.name, user.email),
      })}
      trigger={
        <>
          <Avatar email={user.email} name={user.name} />
          {newUpdates > 0 && <span className="user-menu__dot" aria-hidden="true" />}
        </>
      }
      entries={entries}
    />
  );
}
