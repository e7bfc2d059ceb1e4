import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/errors.ts';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { LoadError } from '../../components/table/LoadError.tsx';
import { type Lookalike, listLookalikes } from './api.ts';
import { FuzzListsForm } from './FuzzListsForm.tsx';
import './domains.css';
import { CLASSIFICATIONS, type LookalikeSort, sortLookalikes } from './lookalike-sort.ts';
import { ScanStatus } from './ScanStatus.tsx';
import { SCAN_POLL_MS, scanPending } from './use-scan-poll.ts';

const COLUMNS: readonly LookalikeSort[] = [
  'name',
  'fuzzer',
  'classification',
  'risk',
  'confidence',
  'age_days',
];

/** /domains/{uid}: the lookalikes of one domain, sortable by any column and filtered by text and classification. */
export function DomainDetailsPage({ params }: ScreenProps) {
  const { t } = useTranslation('domains');
  const uid = params.uid ?? '';
  // While the domain's own scan is queued or running the page asks again, so its lookalikes show when it ends.
  const loaded = asLoaded(
    useQuery({
      ...listLookalikes(uid),
      refetchInterval: (query) => (scanPending(query.state.data?.domain) ? SCAN_POLL_MS : false),
    }),
  );
  const [text, setText] = useState('');
  const [classification, setClassification] = useState('');
  const [sort, setSort] = useState<{ column: LookalikeSort; direction: 'asc' | 'desc' }>({
    column: 'risk',
    direction: 'desc',
  });
  const id = useId();
  const rows = useMemo(() => {
    const all = loaded.data?.lookalikes ?? [];
    const needle = text.trim().toLowerCase();
    const shown = all.filter(
      (l) => (!needle || l.name.includes(needle)) && (!classification || l.classification === classification),
    );
    return sortLookalikes(shown, sort.column, sort.direction);
  }, [loaded.data, text, classification, sort]);

  if (loaded.status === 'error') {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <div className="page-body">
        <LoadError
          error={loaded.error}
          message={missing ? t('errors.notFound') : t('errors.loadLookalikes')}
          retryLabel={t('retry')}
          onRetry={loaded.reload}
        />
      </div>
    );
  }
  const domain = loaded.data?.domain;
  const onSort = (column: LookalikeSort) =>
    setSort((s) => ({ column, direction: s.column === column && s.direction === 'asc' ? 'desc' : 'asc' }));
  return (
    <div className="page-body domain-details" aria-busy={loaded.status === 'loading'}>
      <header className="page-header">
        <div>
          <p className="muted">
            <Link href="/domains">{t('title')}</Link>
          </p>
          <h1>{domain?.domain ?? t('loading')}</h1>
          {domain && (
            <p className="muted">
              {domain.customer_name} · {domain.active ? t('list.active') : t('list.paused')}
            </p>
          )}
        </div>
      </header>
      {domain && <ScanStatus domain={domain} />}
      <div className="domain-details__filters">
        <label htmlFor={`${id}-text`}>{t('lookalikes.filter')}</label>
        <input
          id={`${id}-text`}
          className="input"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label htmlFor={`${id}-class`}>{t('lookalikes.classification')}</label>
        <select
          id={`${id}-class`}
          className="select"
          value={classification}
          onChange={(e) => setClassification(e.target.value)}
        >
          <option value="">{t('lookalikes.any')}</option>
          {CLASSIFICATIONS.map((c) => (
            <option key={c} value={c}>
              {t(`classification.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {loaded.status === 'loading' && !domain ? (
        <p role="status">{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className="empty" role="status">
          {(loaded.data?.lookalikes.length ?? 0) > 0
            ? t('lookalikes.noMatch')
            : scanPending(domain)
              ? t('lookalikes.noneYet')
              : t('lookalikes.none')}
        </p>
      ) : (
        <table className="table lookalike-table">
          <caption className="sr-only">{t('lookalikes.caption', { domain: domain?.domain ?? '' })}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column}
                  scope="col"
                  aria-sort={
                    sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                  }
                >
                  <button type="button" className="table-sort" onClick={() => onSort(column)}>
                    {t(`lookalikes.columns.${column}`)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <LookalikeRow key={l.name} uid={uid} lookalike={l} />
            ))}
          </tbody>
        </table>
      )}
      {domain && <FuzzListsForm uid={uid} />}
    </div>
  );
}

function LookalikeRow({ uid, lookalike: l }: { uid: string; lookalike: Lookalike }) {
  const { t } = useTranslation('domains');
  return (
    <tr>
      <td>
        <Link href={`/domains/${uid}/${encodeURIComponent(l.name)}`}>{l.name}</Link>
        {l.pending && <span className="badge badge--info">{t('lookalikes.pending')}</span>}
      </td>
      <td>{l.fuzzer}</td>
      <td>{t(`classification.${l.classification}`)}</td>
      <td className="numeric">{l.risk}</td>
      <td className="numeric">{l.confidence}</td>
      <td className="numeric">{l.age_days ?? '–'}</td>
    </tr>
  );
}
