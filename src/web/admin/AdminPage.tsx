import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/screen-props.ts';
import { type AdminTab, AdminTabs } from './AdminTabs.tsx';
import './admin.css';
import { AuditPanel } from './audit/AuditPanel.tsx';
import { JobsPanel } from './JobsPanel.tsx';
import { OutboxPanel } from './OutboxPanel.tsx';
import { SupportPanel } from './SupportPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import { UpdatesPanel } from './updates/UpdatesPanel.tsx';

const PANELS: Record<AdminTab, (props: { focusSearch?: boolean }) => React.JSX.Element> = {
  users: UsersPanel,
  audit: AuditPanel,
  outbox: OutboxPanel,
  jobs: JobsPanel,
  updates: UpdatesPanel,
  support: SupportPanel,
};

/**
 * /admin (the provider's administrators): users and impersonation, the audit log, the mail
 * outbox, background jobs, platform updates and support look-ups, one tab each.
 */
export function AdminPage(_: ScreenProps) {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<AdminTab>('users');
  // The users tab takes the focus into its search when the page opens, not when a person tabs back.
  const [switched, setSwitched] = useState(false);
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
        <Panel key={tab} focusSearch={!switched} />
      </section>
    </div>
  );
}
