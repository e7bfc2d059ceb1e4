import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../app/screen-props.ts';
import { Icon } from '../components/Icon.tsx';

/** A screen that is not built yet: its route title and a short note. */
export function ScreenPlaceholder({ route }: ScreenProps) {
  const { t } = useTranslation('routes');
  return (
    <div className="page-body">
      <header className="page-header">
        <h1>{t(route)}</h1>
      </header>
      <div className="placeholder">
        <Icon name="dashboard" size={28} className="placeholder__icon" />
        <p>{t('notBuiltYet', { ns: 'common' })}</p>
      </div>
    </div>
  );
}
