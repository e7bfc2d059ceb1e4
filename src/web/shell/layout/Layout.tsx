import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ToastArea } from '../toasts/ToastArea.tsx';
import { FeaturePanels } from './FeaturePanels.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';

/**
 * The console's frame (spec 1, section 2.2): top bar, sidebar, main area and toast area. Below
 * 1024 px the sidebar becomes a drawer that closes on navigation and on Escape.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButtonRef = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the drawer
  useEffect(() => setDrawerOpen(false), [location]);

  useEffect(() => {
    if (drawerOpen) document.querySelector<HTMLElement>('#sidebar a')?.focus();
  }, [drawerOpen]);

  const closeDrawer = () => {
    setDrawerOpen(false);
    drawerButtonRef.current?.focus();
  };

  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setDrawerOpen(false);
      drawerButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const classes = [
    'shell',
    collapsed ? 'shell--collapsed' : '',
    drawerOpen ? 'shell--drawer-open' : '',
  ].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <a className="skip-link" href="#main">
        {t('topbar.skipToContent')}
      </a>
      <TopBar
        sidebarCollapsed={collapsed}
        onToggleSidebar={toggleCollapsed}
        drawerOpen={drawerOpen}
        onOpenDrawer={() => setDrawerOpen(true)}
        drawerButtonRef={drawerButtonRef}
      />
      <div className="shell__body">
        <Sidebar onNavigate={() => setDrawerOpen(false)} />
        {drawerOpen && <div className="shell__scrim" aria-hidden="true" onClick={closeDrawer} />}
        <main id="main" className="shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <FeaturePanels />
      <ToastArea />
    </div>
  );
}
