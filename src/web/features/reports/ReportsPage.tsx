import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ComingScreen } from '../../components/ComingScreen.tsx';

/** Reports (spec 2): their API is not here yet, so the screen says what the area will offer. */
export function ReportsPage({ route }: ScreenProps) {
  const { t } = useTranslation('reports');
  return (
    <ComingScreen route={route} icon="reports" lead={t('lead')}>
      <ul>
        <li>{t('builder')}</li>
        <li>{t('branding')}</li>
        <li>{t('schedule')}</li>
      </ul>
    </ComingScreen>
  );
}
