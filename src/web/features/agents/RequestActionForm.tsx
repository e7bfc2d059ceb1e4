import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_ACTION_TYPES, type AgentActionType, actionTakesPath } from '../../../common/agent-actions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  CheckboxField,
  SelectField,
  TextField,
  useFocusFirstInvalid,
  useIssueMessage,
} from '../../components/form/index.ts';
import type { AgentAction } from './api.ts';
import { type ActionDraft, actionDraftIssues, actionRequestOf } from './request-action-draft.ts';
import { useAgentAction } from './use-agent-action.ts';

/**
 * Asks the agent for one of the thirteen actions, after confirming. Once queued the action goes
 * to the page's queue (`onQueued`), which follows it to its end. The machine sends the request;
 * the fields are the kit's, checked before asking (errors show after the first attempt, the
 * first invalid field takes the focus).
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
  const issueMessage = useIssueMessage();
  const id = useId();
  const [draft, setDraft] = useState<ActionDraft>({
    type: 'isolate',
    length: '3600',
    path: '',
    force: false,
  });
  const [attempted, setAttempted] = useState(false);
  const [asking, setAsking] = useState(false);
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  // No polling here: the queue follows the action once it is queued.
  const { snapshot, send } = useAgentAction(agentId, null, undefined, 0);
  const queued = snapshot.context.action as AgentAction | null;
  useEffect(() => {
    if (queued) onQueued(queued);
  }, [queued, onQueued]);

  const issues = actionDraftIssues(draft);
  const shown = attempted ? issues : {};
  const errorOf = (field: keyof typeof issues) => {
    const issue = shown[field];
    return issue ? issueMessage(issue) : undefined;
  };
  const set = (changes: Partial<ActionDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const label = t(`actionType.${draft.type}`);

  return (
    <form
      ref={focus.ref}
      className="agent-page__request"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setAttempted(true);
        if (Object.keys(issues).length > 0) focus.request();
        else setAsking(true);
      }}
    >
      <SelectField
        id={`${id}-type`}
        label={t('request.type')}
        className="input"
        value={draft.type}
        options={AGENT_ACTION_TYPES.map((value) => ({ value, label: t(`actionType.${value}`) }))}
        onChange={(type) => set({ type: type as AgentActionType })}
      />
      {draft.type === 'isolate' && (
        <TextField
          id={`${id}-length`}
          label={t('request.length')}
          type="number"
          inputMode="numeric"
          required
          value={draft.length}
          error={errorOf('length')}
          onChange={(length) => set({ length })}
        />
      )}
      {actionTakesPath(draft.type) && (
        <>
          <TextField
            id={`${id}-path`}
            label={t('request.path')}
            required
            value={draft.path}
            error={errorOf('path')}
            onChange={(path) => set({ path })}
          />
          <CheckboxField
            id={`${id}-force`}
            label={t('request.force')}
            checked={draft.force}
            onChange={(force) => set({ force })}
          />
        </>
      )}
      <button type="submit" className="button button--primary" disabled={snapshot.matches('Requesting')}>
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
            send({ type: 'request', request: actionRequestOf(draft) });
          }}
          onCancel={() => setAsking(false)}
        >
          <p>{t('request.question', { action: label, host: hostName })}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
