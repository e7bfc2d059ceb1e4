import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_TABS, type AdminTab } from './admin-tabs.ts';

/** The parts of /admin as tabs (WAI-ARIA tabs: arrows, Home and End move and select). */
export function AdminTabs({ tab, onChange }: { tab: AdminTab; onChange(tab: AdminTab): void }) {
  const { t } = useTranslation('admin');
  const refs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const at = ADMIN_TABS.indexOf(tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % ADMIN_TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + ADMIN_TABS.length) % ADMIN_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? ADMIN_TABS.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = ADMIN_TABS[to]!;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="admin-tabs" role="tablist" aria-label={t('tabs.label')}>
      {ADMIN_TABS.map((name) => (
        <button
          key={name}
          ref={(element) => {
            refs.current[name] = element;
          }}
          type="button"
          role="tab"
          id={`admin-tab-${name}`}
          aria-selected={tab === name}
          aria-controls={`admin-panel-${name}`}
          tabIndex={tab === name ? 0 : -1}
          className={`admin-tabs__tab${tab === name ? ' is-selected' : ''}`}
          onClick={() => onChange(name)}
          onKeyDown={onKeyDown}
        >
          {t(`tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
