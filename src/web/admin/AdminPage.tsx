import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationProperty } from 'wouter/use-browser-location';
import type { ScreenProps } from '../app/screen-props.ts';
import { AdminTabs } from './AdminTabs.tsx';
import { type AdminTab, isAdminTab } from './admin-tabs.ts';
import './admin.css';
import { Spinner } from '../components/Spinner.tsx';
import { loadUpdatesAdminPanel, updatesFeature } from '../features/updates/index.ts';
import { loadNamespaces } from '../i18n/index.ts';
import { AuditPanel } from './audit/AuditPanel.tsx';
import { JobsPanel } from './JobsPanel.tsx';
import { MachinesPanel } from './machines/MachinesPanel.tsx';
import { OutboxPanel } from './OutboxPanel.tsx';
import { SupportPanel } from './SupportPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';

/** The updates area's tab, loaded with the area's strings when it opens. */
const UpdatesPanel = lazy(() =>
  Promise.all([loadUpdatesAdminPanel(), loadNamespaces(updatesFeature.namespaces)]).then(([component]) => ({
    default: component,
  })),
);

const PANELS: Record<AdminTab, ComponentType<{ focusSearch?: boolean }>> = {
  users: UsersPanel,
  audit: AuditPanel,
  outbox: OutboxPanel,
  jobs: JobsPanel,
  updates: UpdatesPanel,
  support: SupportPanel,
  machines: MachinesPanel,
};

/**
 * /admin (the provider's administrators): users and impersonation, the audit log, the mail
 * outbox, background jobs, platform updates, support look-ups and the machines for testers, one
 * tab each.
 */
export function AdminPage(_: ScreenProps) {
  const { t } = useTranslation('admin');
  // The address names the tab (/admin#audit), so a link or a palette command opens it.
  const hash = useLocationProperty(() => window.location.hash.slice(1));
  const tab: AdminTab = isAdminTab(hash) ? hash : 'users';
  // The users tab takes the focus into its search when the page opens, not when a person tabs back.
  const [switched, setSwitched] = useState(false);
  const setTab = (next: AdminTab) =>
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}#${next}`,
    );
  const Panel = PANELS[tab];
  return (
    <div className="page-body admin-page">
      <header className="page-header">
        <h1>{t('title')}</h1>
      </header>
      <AdminTabs
        tab={tab}
        onChange={(next) => {
          setSwitched(true);
          setTab(next);
        }}
      />
      <section
        id={`admin-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`admin-tab-${tab}`}
        className="admin-panel"
      >
        {/* A tab loaded on demand (platform updates) shows that it is loading, not an empty panel. */}
        <Suspense
          fallback={
            <div className="page-loading page-loading--inline">
              <Spinner size="large" />
            </div>
          }
        >
          <Panel key={tab} focusSearch={!switched} />
        </Suspense>
      </section>
    </div>
  );
}
