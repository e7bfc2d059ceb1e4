import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { overlayStore, useOverlay } from './palette-store.ts';

/**
 * The omnibox in the top bar (spec 1, section 2.4: extra-large screens only; the slot is hidden
 * below 1280 px, where `/` and Ctrl/Cmd+K still open the palette).
 */
export function OmniboxTrigger() {
  const { t } = useTranslation('commands');
  const open = useOverlay() === 'palette';
  return (
    <button
      type="button"
      className="omnibox-trigger"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-keyshortcuts="/ Control+K Meta+K"
      onClick={() => overlayStore.open('palette')}
    >
      <Icon name="search" />
      <span className="omnibox-trigger__text">{t('palette.label')}</span>
      <span className="keycap" aria-hidden="true">
        /
      </span>
    </button>
  );
}
