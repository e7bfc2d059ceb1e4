import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screen-props.ts';
import { ComingScreen } from '../../components/ComingScreen.tsx';

/** Workflows and their templates (spec 2): not here yet, so the screen says what the area will offer. */
export function WorkflowsPage({ route }: ScreenProps) {
  const { t } = useTranslation('workflows');
  return (
    <ComingScreen route={route} icon="workflows" lead={t('lead')}>
      <ul>
        <li>{t('automation')}</li>
        <li>{t('templates')}</li>
      </ul>
    </ComingScreen>
  );
}
