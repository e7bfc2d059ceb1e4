import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type MuteTab = 'active' | 'inactive';

export interface MuteTabsProps {
  /** Prefix of the tabs' ids; the tab panel is `${idPrefix}-panel`. */
  idPrefix: string;
  tab: MuteTab;
  counts: Record<MuteTab, number | null>;
  onChange(tab: MuteTab): void;
}

const TABS: MuteTab[] = ['active', 'inactive'];

/** Active and inactive mutes as tabs (WAI-ARIA tabs: arrows move between them). */
export function MuteTabs({ idPrefix, tab, counts, onChange }: MuteTabsProps) {
  const { t } = useTranslation('mutes');
  const refs = useRef<Record<MuteTab, HTMLButtonElement | null>>({ active: null, inactive: null });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'active' ? 'inactive' : 'active';
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="mute-tabs" role="tablist" aria-label={t('tabs.label')}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(element) => {
            refs.current[name] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${name}`}
          aria-selected={tab === name}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab === name ? 0 : -1}
          className={`mute-tabs__tab${tab === name ? ' is-selected' : ''}`}
          onClick={() => onChange(name)}
          onKeyDown={onKeyDown}
        >
          {name === 'active' ? t('tabs.active') : t('tabs.inactive')}
          {counts[name] !== null && <span className="mute-tabs__count">{counts[name]}</span>}
        </button>
      ))}
    </div>
  );
}
