import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canControlAgents } from '../../../../common/agent-actions.ts';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { useSession } from '../../../session/use-session.ts';
import { type AlertAction, runAlertAction } from '../api.ts';
import { useLabels } from '../shared/use-labels.ts';
import type { Alert } from '../types.ts';

const ENDPOINT: readonly AlertAction[] = [
  'isolate',
  'deisolate',
  'full_disk_scan',
  'quarantine_file',
  'delete_file',
  'restart_agent',
];
const IDENTITY: readonly AlertAction[] = [
  'lock_user',
  'unlock_user',
  'revoke_sessions',
  'delete_auth_methods',
];
const NEEDS_PATH: readonly AlertAction[] = ['quarantine_file', 'delete_file'];

export interface ActionsDialogProps {
  alert: Alert;
  onQueued(action: AlertAction): void;
  onFailed(error: unknown): void;
  onClose(): void;
}

/**
 * Device, endpoint and identity actions on what the alert is about (spec 2, section 4: actions
 * are queued and performed when the agent is next active). The person picks one, then reads what
 * will happen to which host or user and confirms.
 */
export function ActionsDialog({ alert, onQueued, onFailed, onClose }: ActionsDialogProps) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const labels = useLabels();
  const [action, setAction] = useState<AlertAction | null>(null);
  const [path, setPath] = useState(alert.file?.path ?? '');
  const [hours, setHours] = useState(24);
  const [busy, setBusy] = useState(false);
  // Endpoint actions run on the alert's enrolled agent; without one nothing would carry them out.
  const host = alert.agent?.host_name ?? alert.host_name ?? alert.entity.host;
  const user = alert.entity.user;
  // …and acting on an agent needs modify_all (the server refuses it otherwise).
  const { permissions } = useSession();
  const endpoint = alert.agent && canControlAgents(permissions) ? ENDPOINT : [];
  const available = [...endpoint, ...(user ? IDENTITY : [])];

  const explain = (a: AlertAction) => {
    if (IDENTITY.includes(a)) return t('actions.explainUser', { action: labels.action(a), user });
    if (a === 'isolate') return t('actions.explainIsolate', { host, hours });
    if (NEEDS_PATH.includes(a)) return t('actions.explainFile', { action: labels.action(a), host, path });
    return t('actions.explainHost', { action: labels.action(a), host });
  };

  const run = async () => {
    if (!action) return;
    setBusy(true);
    try {
      await runAlertAction(alert.id, action, {
        path: NEEDS_PATH.includes(action) ? path : undefined,
        length: action === 'isolate' ? Math.round(hours * 3600) : undefined,
      });
      onQueued(action);
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  if (action) {
    const missingPath = NEEDS_PATH.includes(action) && !path.trim();
    return (
      <ModalDialog
        key="confirm"
        title={t('actions.confirmTitle', { action: labels.action(action) })}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="button" onClick={() => setAction(null)}>
              {t('bulk.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || missingPath}
              onClick={run}
            >
              {t('actions.run', { action: labels.action(action) })}
            </button>
          </>
        }
      >
        {NEEDS_PATH.includes(action) && (
          <label className="field">
            <span className="field__label">{t('summary.path')}</span>
            <input
              id="alert-action-path"
              className="input"
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
          </label>
        )}
        {action === 'isolate' && (
          <label className="field">
            <span className="field__label">{t('actions.hours')}</span>
            <input
              id="alert-action-hours"
              className="input input--short"
              type="number"
              min={1}
              max={720}
              value={hours}
              onChange={(e) => setHours(Math.min(720, Math.max(1, Number(e.target.value) || 1)))}
            />
          </label>
        )}
        <p>{explain(action)}</p>
        <p className="muted">{t('actions.queued')}</p>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog
      key="pick"
      title={t('actions.title')}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {tc('cancel')}
        </button>
      }
    >
      {!alert.agent && <p className="muted">{t('agent.none')}</p>}
      {available.length === 0 ? (
        <p>{t('actions.none')}</p>
      ) : (
        <ul className="alert-actions-list">
          {available.map((a) => (
            <li key={a}>
              <button type="button" className="button button--ghost" onClick={() => setAction(a)}>
                {labels.action(a)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
