import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';

/** What a screen that failed to load shows instead. */
export function ScreenLoadFailed() {
  const { t } = useTranslation('errors');
  return (
    <div className="message-page" role="alert">
      <Icon name="alert-triangle" size={32} className="message-page__icon" />
      <h1>{t('screenFailed.title')}</h1>
      <p>{t('screenFailed.message')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('screenFailed.reload')}
      </button>
    </div>
  );
}
