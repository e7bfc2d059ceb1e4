import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { ApiError } from '../../api/errors.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Icon } from '../../components/Icon.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useShellData } from '../../shell/data/ShellDataProvider.tsx';
import { CategoryBadge } from './CategoryBadge.tsx';

type State =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'ready'; update: components['schemas']['PlatformUpdate'] };

/** /updates/{id}: one platform update, its Markdown body rendered safely. */
export function UpdateDetailsPage({ params }: ScreenProps) {
  const { t } = useTranslation('updates');
  const { t: common } = useTranslation();
  const { knowledgeBaseUrl } = useShellData();
  const id = Number(params.id);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!Number.isInteger(id) || id < 0) {
      setState({ status: 'missing' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    api
      .GET('/api/updates/v1/updates/{id}', { params: { path: { id } } })
      .then(({ data }) => {
        if (live) setState(data ? { status: 'ready', update: data } : { status: 'error' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // 401 and 403 on the updates are tolerated (spec 2, section 8): the update is not shown.
        const missing = error instanceof ApiError && [400, 401, 403, 404].includes(error.status ?? 0);
        setState({ status: missing ? 'missing' : 'error' });
      });
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <div className="page-body page-body--narrow">
      <Link href="/updates" className="back-link">
        <Icon name="arrow-left" /> {t('allUpdates')}
      </Link>
      {state.status === 'loading' && (
        <div className="page-loading page-loading--inline">
          <Spinner size="large" />
        </div>
      )}
      {state.status === 'missing' && <h1>{t('notFound')}</h1>}
      {state.status === 'error' && (
        <p className="notice notice--danger" role="alert">
          {t('invalidOne')}. {common('tryAgainLater')}
        </p>
      )}
      {state.status === 'ready' && (
        <article className="update-article">
          <header className="page-header">
            <h1>{state.update.title}</h1>
            <div className="update-row__meta">
              <CategoryBadge category={state.update.category} />
              <Timestamp iso={state.update.published_at ?? state.update.created_at} />
            </div>
          </header>
          <Markdown source={state.update.body} helpBase={knowledgeBaseUrl} />
        </article>
      )}
    </div>
  );
}
