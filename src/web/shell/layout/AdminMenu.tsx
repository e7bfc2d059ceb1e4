import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { Menu, type MenuEntry } from '../../components/Menu.tsx';
import { useImpersonation } from '../../session/use-impersonation.ts';
import { useSession } from '../../session/use-session.ts';
import { impersonatorEmail } from './impersonator-email.ts';

/**
 * The admin menu (spec 1, section 2.4). In an impersonated session it names the impersonator
 * and ends the impersonation; otherwise admins get the way to all users. Both lead to /admin.
 */
export function AdminMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const impersonation = useImpersonation();
  const [, navigate] = useLocation();
  const { me, admin } = session;
  const email = impersonatorEmail(session, impersonation);
  if (!me || (!admin && !email)) return null;

  if (email) {
    const entries: MenuEntry[] = [
      {
        kind: 'text',
        id: 'who',
        content: (
          <>
            <strong className="menu__name">{t('adminMenu.impersonatedBy', { email })}</strong>
            <span className="menu__email">{t('adminMenu.viewingAs', { user: me.user.email })}</span>
          </>
        ),
      },
      { kind: 'separator', id: 'sep' },
      {
        kind: 'action',
        id: 'end',
        label: t('adminMenu.endImpersonation'),
        icon: 'log-out',
        onSelect: () => {
          void Promise.resolve(impersonation.end()).then(() => navigate('/admin'));
        },
      },
    ];
    return (
      <Menu
        className="admin-menu admin-menu--impersonating"
        label={t('adminMenu.impersonatingLabel', { user: me.user.email })}
        trigger={
          <>
            <Icon name="eye" />
            <span className="admin-menu__text">{t('adminMenu.impersonating')}</span>
          </>
        }
        entries={entries}
      />
    );
  }

  return (
    <Menu
      className="admin-menu"
      label={t('adminMenu.label')}
      trigger={
        <>
          <Icon name="shield" />
          <span className="admin-menu__text">{t('adminMenu.admin')}</span>
        </>
      }
      entries={[
        { kind: 'link', id: 'users', to: '/admin', label: t('adminMenu.viewAllUsers'), icon: 'users' },
      ]}
    />
  );
}
