import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTitle, useTitleCountValue } from './title.ts';
import { useCurrentRoute } from './use-current-route.ts';

/** Keeps the browser tab title in line with the route, its count and the language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation('routes');
  const { name } = useCurrentRoute();
  const count = useTitleCountValue();
  const routeTitle = i18n.exists(name, { ns: 'routes' }) ? String(t(name)) : null;
  const title = formatTitle(routeTitle, count, t('product', { ns: 'common' }));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
