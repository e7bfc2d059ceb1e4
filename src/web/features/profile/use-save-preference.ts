import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAttributes } from '../../session/types.ts';
import { useSession } from '../../session/use-session.ts';
import { useToasts } from '../../shell/toasts/ToastsProvider.tsx';

/** Saves preferences at once (PUT /api/portal/v1/settings/) and says so with a toast. */
export function useSavePreference() {
  const { t } = useTranslation('profile');
  const { saveSettings } = useSession();
  const { notify } = useToasts();
  return useCallback(
    async (values: UserAttributes): Promise<boolean> => {
      try {
        await saveSettings(values);
        notify({ severity: 'success', title: t('saved.title'), message: t('saved.message') });
        return true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        notify({
          severity: 'danger',
          title: t('saveFailed.title'),
          message: t('saveFailed.message', { reason }),
        });
        return false;
      }
    },
    [saveSettings, notify, t],
  );
}
