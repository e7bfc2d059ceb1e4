import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MessagePage } from '../components/MessagePage.tsx';

/** Any path outside the route table (route name error_400, spec 1 section 8). */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <MessagePage icon="search" title={t('notFound.title')}>
      <p>{t('notFound.message')}</p>
      <Link href="/" className="button button--primary">
        {t('backToDashboard')}
      </Link>
    </MessagePage>
  );
}
