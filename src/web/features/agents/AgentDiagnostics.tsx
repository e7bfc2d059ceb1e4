import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useTickerEvent } from '../../shell/index.ts';
import { type AgentAction, diagnosticsDownloadUrl, getAgentDiagnostics, requestAgentAction } from './api.ts';

/**
 * The agent's diagnostics bundles with their upload progress; ask for a new one (the
 * upload-diagnostics action, after confirming); staff download a complete bundle.
 */
export function AgentDiagnostics({
  agentId,
  canRequest,
  staff,
  onQueued,
}: {
  agentId: string;
  canRequest: boolean;
  staff: boolean;
  onQueued(action: AgentAction): void;
}) {
  const { t } = useTranslation('agents');
  const formatTime = useFormatTimestamp();
  const bundles = useLoad(agentId, () => getAgentDiagnostics(agentId));
  const [step, setStep] = useState<'idle' | 'confirm' | 'sending' | 'queued' | 'failed'>('idle');
  useTickerEvent('refresh', bundles.reload);
  const list = bundles.data ?? [];

  const request = () => {
    setStep('sending');
    requestAgentAction(agentId, { type: 'upload_diagnostics', parameters: {} }).then(
      (action) => {
        onQueued(action);
        setStep('queued');
      },
      () => setStep('failed'),
    );
  };

  return (
    <section className="agent-page__section slow-load-host" aria-busy={bundles.status === 'loading'}>
      <SlowLoadNotice loading={bundles.status === 'loading'} />
      {canRequest &&
        (step === 'confirm' ? (
          <p>
            {t('reports.diagnostics.confirm')}{' '}
            <button type="button" className="button button--primary" onClick={request}>
              {t('reports.diagnostics.yes')}
            </button>{' '}
            <button type="button" className="button" onClick={() => setStep('idle')}>
              {t('reports.diagnostics.no')}
            </button>
          </p>
        ) : (
          <p>
            <button
              type="button"
              className="button"
              disabled={step === 'sending'}
              onClick={() => setStep('confirm')}
            >
              {t('reports.diagnostics.request')}
            </button>{' '}
            <span role="status">
              {step === 'queued'
                ? t('reports.diagnostics.queued')
                : step === 'failed'
                  ? t('reports.diagnostics.failed')
                  : ''}
            </span>
          </p>
        ))}
      {bundles.status === 'error' ? (
        <LoadError
          error={bundles.error}
          message={t('reports.loadFailed')}
          retryLabel={t('retry')}
          onRetry={bundles.reload}
        />
      ) : bundles.status === 'ready' && list.length === 0 ? (
        <p className="empty">{t('reports.diagnostics.empty')}</p>
      ) : (
        <ul className="agent-diagnostics">
          {list.map((bundle) => (
            <li key={bundle.bundle_id}>
              <strong>{bundle.file_name}</strong> · {formatTime(bundle.created_at)} ·{' '}
              {t(`reports.diagnostics.status.${bundle.status}`)}
              {bundle.status === 'uploading' && (
                <>
                  {' '}
                  <progress
                    max={bundle.size_bytes || 1}
                    value={bundle.received_bytes}
                    aria-label={t('reports.diagnostics.progress', { file: bundle.file_name })}
                  />{' '}
                  {t('reports.diagnostics.chunks', {
                    received: bundle.received_chunks,
                    total: bundle.chunk_count,
                  })}
                </>
              )}
              {bundle.status === 'complete' && staff && (
                <>
                  {' '}
                  <a href={diagnosticsDownloadUrl(agentId, bundle.bundle_id)} download={bundle.file_name}>
                    {t('reports.diagnostics.download')}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
