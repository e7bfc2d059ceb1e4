import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { OmniboxTrigger } from '../../commands/OmniboxTrigger.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useSession } from '../../session/use-session.ts';
import { CustomerFilter } from '../customers/CustomerFilter.tsx';
import { AdminMenu } from './AdminMenu.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface TopBarProps {
  sidebarCollapsed: boolean;
  onToggleSidebar(): void;
  drawerOpen: boolean;
  onOpenDrawer(): void;
  drawerButtonRef: RefObject<HTMLButtonElement | null>;
}

/** The top bar (spec 1, section 2.4). The omnibox mounts into #omnibox-slot (a later feature). */
export function TopBar({
  sidebarCollapsed,
  onToggleSidebar,
  drawerOpen,
  onOpenDrawer,
  drawerButtonRef,
}: TopBarProps) {
  const { t } = useTranslation('shell');
  const { status, me } = useSession();
  return (
    <header className="topbar">
      <button
        ref={drawerButtonRef}
        type="button"
        className="icon-button topbar__drawer-button"
        aria-label={t('topbar.openNavigation')}
        aria-expanded={drawerOpen}
        aria-controls="sidebar"
        onClick={onOpenDrawer}
      >
        <Icon name="menu" size={18} />
      </button>
      <button
        type="button"
        className="icon-button topbar__sidebar-toggle"
        aria-label={sidebarCollapsed ? t('topbar.expandSidebar') : t('topbar.collapseSidebar')}
        aria-expanded={!sidebarCollapsed}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <Icon name="panel-left" size={18} />
      </button>
      <Link href="/" className="topbar__logo" aria-label={t('topbar.home')}>
        <Logo />
        <span className="topbar__product">{t('product', { ns: 'common' })}</span>
      </Link>
      {status !== 'signedOut' && (
        <div id="omnibox-slot" className="topbar__omnibox">
          <OmniboxTrigger />
        </div>
      )}
      <div className="topbar__end">
        {me && <CustomerFilter />}
        {me && <AdminMenu />}
        {me && <UserMenu />}
      </div>
    </header>
  );
}
