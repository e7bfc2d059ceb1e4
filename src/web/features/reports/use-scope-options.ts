import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session.ts';

const SCOPES = ['private', 'customer', 'global'] as const;

/** The scopes the user may give a report: global is for provider staff (spec 2, section 6). */
export function useScopeOptions() {
  const { t } = useTranslation('reports');
  const { me } = useSession();
  const staff = me?.user.role_level === 'Global';
  return useMemo(
    () =>
      (staff ? SCOPES : SCOPES.slice(0, 2)).map((scope) => ({
        value: scope,
        label: t(`scope.${scope}`),
      })),
    [t, staff],
  );
}
