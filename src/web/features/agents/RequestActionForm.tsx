import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionRequest } from '../../../../machines/agent-action/agent-action.context.ts';
import { AGENT_ACTION_TYPES, type AgentActionType, actionTakesPath } from '../../../common/agent-actions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { AgentAction } from './api.ts';
import { useAgentAction } from './use-agent-action.ts';

/**
 * Asks the agent for one of the thirteen actions, after confirming. Once queued the action goes
 * to the page's queue (`onQueued`), which follows it to its end.
 */
export function RequestActionForm({
  agentId,
  hostName,
  onQueued,
}: {
  agentId: string;
  hostName: string;
  onQueued(action: AgentAction): void;
}) {
  const { t } = useTranslation('agents');
  const id = useId();
  const [type, setType] = useState<AgentActionType>('isolate');
  const [length, setLength] = useState('3600');
  const [path, setPath] = useState('');
  const [force, setForce] = useState(false);
  const [asking, setAsking] = useState(false);
  // No polling here: the queue follows the action once it is queued.
  const { snapshot, send } = useAgentAction(agentId, null, undefined, 0);
  const queued = snapshot.context.action as AgentAction | null;
  useEffect(() => {
    if (queued) onQueued(queued);
  }, [queued, onQueued]);

  const request = (): ActionRequest => ({
    type,
    parameters:
      type === 'isolate'
        ? { length: Number(length) }
        : actionTakesPath(type)
          ? { path: path.trim(), force }
          : {},
  });
  const valid =
    (type !== 'isolate' || Number(length) >= 60) && (!actionTakesPath(type) || path.trim() !== '');
  const label = t(`actionType.${type}`);

  return (
    <form
      className="agent-page__request"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) setAsking(true);
      }}
    >
      <label htmlFor={`${id}-type`}>
        {t('request.type')}
        <select
          id={`${id}-type`}
          className="input"
          value={type}
          onChange={(e) => setType(e.target.value as AgentActionType)}
        >
          {AGENT_ACTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`actionType.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {type === 'isolate' && (
        <label htmlFor={`${id}-length`}>
          {t('request.length')}
          <input
            id={`${id}-length`}
            className="input"
            type="number"
            min={60}
            max={2_592_000}
            value={length}
            onChange={(e) => setLength(e.target.value)}
          />
        </label>
      )}
      {actionTakesPath(type) && (
        <>
          <label htmlFor={`${id}-path`}>
            {t('request.path')}
            <input
              id={`${id}-path`}
              className="input"
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
          </label>
          <label htmlFor={`${id}-force`}>
            <input
              id={`${id}-force`}
              type="checkbox"
              checked={force}
              onChange={(e) => setForce(e.target.checked)}
            />
            {t('request.force')}
          </label>
        </>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={!valid || snapshot.matches('Requesting')}
      >
        {t('request.submit')}
      </button>
      {snapshot.matches('RequestFailed') && (
        <p role="alert">
          {t('request.failed')} <span className="muted">{snapshot.context.error?.message ?? ''}</span>{' '}
          <button type="button" className="button button--small" onClick={() => send({ type: 'retry' })}>
            {t('retry')}
          </button>
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('request.confirmTitle', { action: label })}
          confirmLabel={t('request.confirm', { action: label })}
          danger
          onConfirm={() => {
            setAsking(false);
            send({ type: 'request', request: request() });
          }}
          onCancel={() => setAsking(false)}
        >
          <p>{t('request.question', { action: label, host: hostName })}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
