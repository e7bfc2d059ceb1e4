import { useTranslation } from 'react-i18next';
import {
  selectBusy,
  selectConfirmOpen,
  selectForceCancel,
} from '../../../../machines/agent-action/selectors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ActionCard } from './ActionCard.tsx';
import type { AgentAction } from './api.ts';
import { useAgentAction } from './use-agent-action.ts';

/**
 * An action still waiting on the agent: read again until it ends, with Cancel (Force cancel
 * while it runs), which asks first.
 */
export function PendingAction({
  action,
  canChange,
  onChange,
}: {
  action: AgentAction;
  canChange: boolean;
  onChange(action: AgentAction): void;
}) {
  const { t } = useTranslation('agents');
  const { snapshot, send } = useAgentAction(action.agent_id, action, onChange as never);
  const current = (snapshot.context.action ?? action) as AgentAction;
  const force = selectForceCancel(snapshot);
  const label = t(`actionType.${current.type}`);
  return (
    <ActionCard action={current}>
      {canChange && (
        <button
          type="button"
          className="button button--small"
          disabled={selectBusy(snapshot) || selectConfirmOpen(snapshot)}
          onClick={() => send({ type: 'cancel' })}
        >
          {force ? t('actions.forceCancel', { action: label }) : t('actions.cancel', { action: label })}
        </button>
      )}
      {snapshot.context.error && (
        <p role="status">
          {t('request.failed')} <span className="muted">{snapshot.context.error.message}</span>
        </p>
      )}
      {selectConfirmOpen(snapshot) && (
        <ConfirmDialog
          title={force ? t('actions.forceCancelTitle') : t('actions.cancelTitle')}
          confirmLabel={force ? t('actions.forceCancelConfirm') : t('actions.cancelConfirm')}
          cancelLabel={t('actions.keep')}
          danger
          onConfirm={() => send({ type: 'confirm' })}
          onCancel={() => send({ type: 'dismiss' })}
        >
          <p>
            {force
              ? t('actions.forceCancelQuestion', { action: label })
              : t('actions.cancelQuestion', { action: label })}
          </p>
        </ConfirmDialog>
      )}
    </ActionCard>
  );
}
