import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MessagePage } from '../components/MessagePage.tsx';

/** /error/403: a missing permission, scope or admin right (spec 1, section 8). */
export function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  return (
    <MessagePage icon="lock" title={t('unauthorized.title')} tone="warning">
      <p>{t('unauthorized.message')}</p>
      <Link href="/" className="button button--primary">
        {t('backToDashboard')}
      </Link>
    </MessagePage>
  );
}
