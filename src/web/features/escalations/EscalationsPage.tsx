import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ComingScreen } from '../../components/ComingScreen.tsx';

/** Escalation plans (spec 2): their API is not here yet, so the screen says what the area will offer. */
export function EscalationsPage({ route }: ScreenProps) {
  const { t } = useTranslation('escalations');
  return (
    <ComingScreen route={route} icon="escalations" lead={t('lead')}>
      <ul>
        <li>{t('steps')}</li>
        <li>{t('hours')}</li>
      </ul>
    </ComingScreen>
  );
}
