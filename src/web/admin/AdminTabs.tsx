import { useTranslation } from 'react-i18next';
import { TabList } from '../components/TabList.tsx';
import { ADMIN_TABS, type AdminTab } from './admin-tabs.ts';

/** The parts of /admin as tabs. */
export function AdminTabs({ tab, onChange }: { tab: AdminTab; onChange(tab: AdminTab): void }) {
  const { t } = useTranslation('admin');
  return (
    <TabList
      label={t('tabs.label')}
      tabs={ADMIN_TABS}
      selected={tab}
      onChange={onChange}
      tabId={(name) => `admin-tab-${name}`}
      panelId={(name) => `admin-panel-${name}`}
      className="admin-tabs"
    >
      {(name) => t(`tabs.${name}`)}
    </TabList>
  );
}
