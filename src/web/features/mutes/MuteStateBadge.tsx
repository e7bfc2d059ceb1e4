import { useTranslation } from 'react-i18next';
import type { Mute } from '../../../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { Badge } from '../../components/Badge.tsx';

/** Active, inactive (unmuted by hand) or expired (spec 2, section 4 "Mute states"). */
export function MuteStateBadge({ state }: { state: Mute['state'] }) {
  const { t } = useTranslation('mutes');
  if (state === 'active') return <Badge tone="success">{t('state.active')}</Badge>;
  if (state === 'expired') return <Badge tone="warning">{t('state.expired')}</Badge>;
  return <Badge>{t('state.inactive')}</Badge>;
}
