import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { SelectField } from '../../components/form/index.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { listWorkflowVersions } from './api.ts';
import { lineDiff } from './line-diff.ts';

const MARK = { same: ' ', removed: '-', added: '+' } as const;

/**
 * The published versions, newest first, each frozen with its content hash; any two compared line
 * by line (the older one's definition against the newer one's).
 */
export function VersionsPanel({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const format = useFormatTimestamp();
  const load = asLoaded(useQuery(listWorkflowVersions(workflowId)));
  const versions = load.data ?? [];
  const [fromV, setFrom] = useState('');
  const [toV, setTo] = useState('');
  const older = versions.find((v) => String(v.version) === fromV) ?? versions[1];
  const newer = versions.find((v) => String(v.version) === toV) ?? versions[0];
  const diff = useMemo(
    () =>
      older && newer
        ? lineDiff(JSON.stringify(older.definition, null, 2), JSON.stringify(newer.definition, null, 2))
        : [],
    [older, newer],
  );
  const options = versions.map((v) => ({
    value: String(v.version),
    label: t('versions.option', { version: v.version, time: format(v.published_at) }),
  }));
  return (
    <section className="workflow-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('versions.title')}</h2>
      {load.status === 'error' && <p className="field__error">{t('errors.loadVersions')}</p>}
      {load.status === 'ready' && versions.length === 0 && <p className="muted">{t('versions.none')}</p>}
      {versions.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('versions.version')}</th>
              <th>{t('versions.publishedAt')}</th>
              <th>{t('versions.publishedBy')}</th>
              <th>{t('versions.hash')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <td>{v.version}</td>
                <td>{format(v.published_at)}</td>
                <td>{v.published_by ?? '—'}</td>
                <td>
                  <code>{v.content_hash.slice(0, 12)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {versions.length > 1 && older && newer && (
        <>
          <div className="workflow-panel__row">
            <SelectField
              id={`${uid}-from`}
              label={t('versions.compareFrom')}
              value={String(older.version)}
              options={options}
              onChange={setFrom}
            />
            <SelectField
              id={`${uid}-to`}
              label={t('versions.compareTo')}
              value={String(newer.version)}
              options={options}
              onChange={setTo}
            />
          </div>
          <figure aria-label={t('versions.diffLabel', { from: older.version, to: newer.version })}>
            <pre className="workflow-diff">
              {diff.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of a diff have no identity but their place
                <span key={i} className={`workflow-diff__${line.kind}`}>
                  {MARK[line.kind]} {line.text}
                  {'\n'}
                </span>
              ))}
            </pre>
          </figure>
        </>
      )}
    </section>
  );
}
