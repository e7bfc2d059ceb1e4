import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { Facts } from '../../components/Facts.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { getLookalike, type Lookalike } from './api.ts';
import './domains.css';

/** /domains/{domainUid}/{name}: one lookalike, its records, state and the risk explained factor by factor. */
export function LookalikePage({ params }: ScreenProps) {
  const { t } = useTranslation('domains');
  const uid = params.domainUid ?? '';
  const name = decodeURIComponent(params.name ?? '');
  const loaded = asLoaded(useQuery(getLookalike(uid, name)));
  const back = (
    <p className="muted">
      <Link href={`/domains/${uid}`}>{t('lookalike.back')}</Link>
    </p>
  );
  if (loaded.status === 'error') {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <div className="page-body">
        {back}
        <LoadError
          error={loaded.error}
          message={missing ? t('errors.lookalikeNotFound') : t('errors.loadLookalike')}
          retryLabel={t('retry')}
          onRetry={loaded.reload}
        />
      </div>
    );
  }
  const l = loaded.data;
  if (!l)
    return (
      <div className="page-body" aria-busy="true">
        {back}
        <p role="status">{t('loading')}</p>
      </div>
    );
  return (
    <div className="page-body lookalike-page">
      <header className="page-header">
        <div>
          {back}
          <h1>{l.name}</h1>
          <p className="muted">
            {t(`classification.${l.classification}`)} · {t('lookalike.riskOf', { risk: l.risk })}
            {l.pending ? ` · ${t('lookalikes.pending')}` : ''}
          </p>
        </div>
      </header>
      <section aria-labelledby="lookalike-facts">
        <h2 id="lookalike-facts">{t('lookalike.facts')}</h2>
        <Facts items={facts(l, t)} />
      </section>
      <section aria-labelledby="lookalike-risk">
        <h2 id="lookalike-risk">{t('lookalike.breakdown')}</h2>
        {l.risk_breakdown.length === 0 ? (
          <p className="empty">{t('lookalike.noRisk')}</p>
        ) : (
          <table className="table risk-table">
            <thead>
              <tr>
                <th scope="col">{t('lookalike.factor')}</th>
                <th scope="col">{t('lookalike.observed')}</th>
                <th scope="col" className="numeric">
                  {t('lookalike.weight')}
                </th>
              </tr>
            </thead>
            <tbody>
              {l.risk_breakdown.map((f) => (
                <tr key={f.factor}>
                  <th scope="row">{t(`factors.${f.factor}`)}</th>
                  <td>{f.detail}</td>
                  <td className="numeric">{f.weight > 0 ? `+${f.weight}` : f.weight}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('lookalike.total')}
                </th>
                <td className="numeric">{l.risk}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </section>
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'domains'>>['t'];

function facts(l: Lookalike, t: T) {
  const yes = (v: boolean) => (v ? t('lookalike.yes') : t('lookalike.no'));
  const none = t('lookalike.none');
  return [
    { label: t('lookalike.classification'), value: t(`classification.${l.classification}`) },
    { label: t('lookalike.confidence'), value: `${l.confidence} %` },
    { label: t('lookalike.fuzzer'), value: l.fuzzer },
    { label: t('lookalike.country'), value: l.country ?? none },
    {
      label: t('lookalike.popularity'),
      value:
        l.popularity === null
          ? t('lookalike.popularityUnknown')
          : t('lookalike.rank', { rank: l.popularity }),
    },
    {
      label: t('lookalike.age'),
      value: l.age_days === null ? none : t('lookalike.days', { count: l.age_days }),
    },
    { label: t('lookalike.mx'), value: l.mx.length ? l.mx.join(', ') : none },
    { label: t('lookalike.addresses'), value: l.addresses.length ? l.addresses.join(', ') : none },
    { label: t('lookalike.nameServers'), value: l.name_servers.length ? l.name_servers.join(', ') : none },
    { label: t('lookalike.registered'), value: yes(l.registered) },
    { label: t('lookalike.resolves'), value: yes(l.resolves) },
    { label: t('lookalike.servesPage'), value: yes(l.serves_page) },
    { label: t('lookalike.wildcard'), value: yes(l.wildcard) },
    { label: t('lookalike.firstSeen'), value: <Timestamp iso={l.first_seen} /> },
    { label: t('lookalike.lastSeen'), value: <Timestamp iso={l.last_seen} /> },
    {
      label: t('lookalike.changed'),
      value: l.state_changed_at ? <Timestamp iso={l.state_changed_at} /> : none,
    },
  ];
}
