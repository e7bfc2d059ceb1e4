import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SANDBOX_MAX_BYTES } from '../../../api/limits.ts';
import { analyseSandboxFile, type SandboxReport } from './api.ts';
import { failureText } from './messages.ts';

type State =
  | { status: 'idle' }
  | { status: 'running'; name: string }
  | { status: 'done'; report: SandboxReport }
  | { status: 'error'; message: string };

/** Static analysis of a file (never executed): hashes, type, entropy, strings and their indicators. */
export function SandboxUpload() {
  const { t } = useTranslation('threat');
  const [state, setState] = useState<State>({ status: 'idle' });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > SANDBOX_MAX_BYTES) {
      setState({ status: 'error', message: t('errors.tooLarge') });
      return;
    }
    if (file.size === 0) {
      setState({ status: 'error', message: t('sandbox.empty') });
      return;
    }
    setState({ status: 'running', name: file.name });
    try {
      setState({ status: 'done', report: await analyseSandboxFile(file, file.name) });
    } catch (error) {
      setState({ status: 'error', message: failureText(t, error) });
    }
  };

  return (
    <section className="threat-section" aria-labelledby="threat-sandbox">
      <h2 id="threat-sandbox">{t('sandbox.heading')}</h2>
      <p className="muted">{t('sandbox.hint', { mib: SANDBOX_MAX_BYTES / 1024 / 1024 })}</p>
      <label className="threat-file-label" htmlFor="threat-sandbox-file">
        {t('sandbox.choose')}
      </label>
      <input id="threat-sandbox-file" className="threat-file" type="file" onChange={choose} />
      {state.status === 'running' && (
        <p aria-live="polite" className="muted">
          {t('sandbox.running', { name: state.name })}
        </p>
      )}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'done' && <SandboxFindings report={state.report} />}
    </section>
  );
}

function SandboxFindings({ report }: { report: SandboxReport }) {
  const { t } = useTranslation('threat');
  return (
    <div aria-live="polite">
      <dl className="threat-facts" aria-label={t('sandbox.reportLabel', { name: report.name ?? '' })}>
        <dt>{t('fields.verdict')}</dt>
        <dd className={`threat-det threat-det-${report.verdict.det}`}>
          {t(`det.${report.verdict.det}`)} ({report.verdict.risk})
        </dd>
        <dt>{t('sandbox.type')}</dt>
        <dd>{report.type ? `${report.type.mime} (.${report.type.ext})` : t('sandbox.unknownType')}</dd>
        <dt>{t('sandbox.size')}</dt>
        <dd>{t('sandbox.bytes', { count: report.size })}</dd>
        <dt>{t('sandbox.entropy')}</dt>
        <dd>{report.entropy > 7.2 ? t('sandbox.highEntropy', { value: report.entropy }) : report.entropy}</dd>
        <dt>MD5</dt>
        <dd className="threat-value">{report.md5}</dd>
        <dt>SHA-1</dt>
        <dd className="threat-value">{report.sha1}</dd>
        <dt>SHA-256</dt>
        <dd className="threat-value">{report.sha256}</dd>
        <dt>{t('sandbox.strings')}</dt>
        <dd>{report.strings.count}</dd>
      </dl>
      {report.indicators.length === 0 ? (
        <p className="empty">{t('sandbox.noIndicators')}</p>
      ) : (
        <table className="threat-table">
          <caption>{t('sandbox.indicators', { count: report.indicators.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fields.kind')}</th>
              <th scope="col">{t('fields.value')}</th>
              <th scope="col">{t('fields.verdict')}</th>
              <th scope="col">{t('fields.risk')}</th>
              <th scope="col">{t('fields.malwareGroup')}</th>
            </tr>
          </thead>
          <tbody>
            {report.indicators.map((i) => (
              <tr key={`${i.kind} ${i.value}`}>
                <td>{t(`kind.${i.kind}`)}</td>
                <td className="threat-value">{i.value}</td>
                <td className={`threat-det threat-det-${i.det}`}>{t(`det.${i.det}`)}</td>
                <td>{i.risk}</td>
                <td>{i.malware_group ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
