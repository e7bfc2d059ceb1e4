import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import type { PaletteItem, PaletteSection } from './palette-sections.ts';

export interface PaletteListProps {
  sections: readonly PaletteSection[];
  loading: boolean;
  onPick(item: PaletteItem): void;
}

/** The palette's listbox: groups with headings, each option with its icon and key hint. */
export function PaletteList({ sections, loading, onPick }: PaletteListProps) {
  const { t } = useTranslation('commands');
  return (
    <Command.List className="palette__list" label={t('palette.label')}>
      {loading && (
        <Command.Loading className="palette__loading" label={t('palette.searching')}>
          {t('palette.searching')}
        </Command.Loading>
      )}
      {!loading && <Command.Empty className="palette__empty">{t('palette.empty')}</Command.Empty>}
      {sections.map((section) => (
        <Command.Group
          key={section.id}
          heading={section.heading}
          className="palette__group"
          data-section={section.id}
        >
          {section.items.map((item) => (
            <Command.Item
              key={item.value}
              value={item.value}
              disabled={item.disabled}
              onSelect={() => onPick(item)}
              className="palette__item"
            >
              <Icon name={item.icon} className="palette__icon" />
              <span className="palette__label">{item.label}</span>
              {item.hint && <span className="palette__item-hint">{item.hint}</span>}
            </Command.Item>
          ))}
        </Command.Group>
      ))}
    </Command.List>
  );
}
