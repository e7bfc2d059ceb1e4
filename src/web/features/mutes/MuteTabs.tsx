import { useTranslation } from 'react-i18next';
import { TabList } from '../../components/TabList.tsx';

export type MuteTab = 'active' | 'inactive';

export interface MuteTabsProps {
  /** Prefix of the tabs' ids; the tab panel is `${idPrefix}-panel`. */
  idPrefix: string;
  tab: MuteTab;
  counts: Record<MuteTab, number | null>;
  onChange(tab: MuteTab): void;
}

const TABS: readonly MuteTab[] = ['active', 'inactive'];

/** Active and inactive mutes as tabs, each with its count. */
export function MuteTabs({ idPrefix, tab, counts, onChange }: MuteTabsProps) {
  const { t } = useTranslation('mutes');
  return (
    <TabList
      label={t('tabs.label')}
      tabs={TABS}
      selected={tab}
      onChange={onChange}
      tabId={(name) => `${idPrefix}-${name}`}
      panelId={() => `${idPrefix}-panel`}
    >
      {(name) => (
        <>
          {name === 'active' ? t('tabs.active') : t('tabs.inactive')}
          {counts[name] !== null && <span className="mute-tabs__count">{counts[name]}</span>}
        </>
      )}
    </TabList>
  );
}
