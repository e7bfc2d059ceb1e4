import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ComingScreen } from '../../components/ComingScreen.tsx';

/** Integrations (spec 2): their API is not here yet, so the screen says what the area will offer. */
export function IntegrationsPage({ route }: ScreenProps) {
  const { t } = useTranslation('integrations');
  return (
    <ComingScreen route={route} icon="integrations" lead={t('lead')}>
      <ul>
        <li>{t('connect')}</li>
        <li>{t('status')}</li>
      </ul>
    </ComingScreen>
  );
}
