import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved/use-unsaved-changes.tsx';

/**
 * A search dialog with changes asks before they are lost, through the console's one
 * unsaved-changes guard: closing it (Esc, Cancel) and leaving the page (a link, the palette,
 * Back) both ask first; staying is the safe default. Returns the close the dialog's own buttons
 * use and the question to render beside the dialog.
 */
export function useUnsavedDialog(dirty: boolean, onClose: () => void) {
  const { t } = useTranslation('search');
  const { guard, prompt } = useUnsavedChanges(dirty, t('unsaved.message'));
  return { requestClose: () => guard(onClose), question: prompt };
}
