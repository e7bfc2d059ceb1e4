import { useTranslation } from 'react-i18next';
import { MessagePage } from '../components/MessagePage.tsx';

/**
 * /error/500: the route guard or the sign-in callback failed, possibly on an expired token
 * (spec 1, section 8). Trying again reloads the console from its start page, which signs in
 * again when needed.
 */
export function ServerErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <MessagePage icon="alert-octagon" title={t('serverError.title')} tone="danger">
      <p>{t('serverError.message')}</p>
      <a href="/" className="button button--primary">
        {t('serverError.tryAgain')}
      </a>
    </MessagePage>
  );
}
