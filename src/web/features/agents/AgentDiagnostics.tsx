import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { useTickerEvent } from '../../shell/index.ts';
import { type AgentAction, diagnosticsDownloadUrl, getAgentDiagnostics, requestAgentAction } from './api.ts';
import { useReportLabels } from './use-report-labels.ts';

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
  const bundles = asLoaded(useQuery(getAgentDiagnostics(agentId)));
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
    <LoadedContent
      as="section"
      className="agent-page__section"
      load={bundles}
      empty={list.length === 0}
      labels={useReportLabels('diagnostics')}
      before={
        canRequest &&
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
        ))
      }
    >
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
    </LoadedContent>
  );
}
