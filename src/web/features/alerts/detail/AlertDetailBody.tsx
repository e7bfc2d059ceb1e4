import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { selectDialogOpen } from '../../../../../machines/alert-status/selectors.ts';
import { rerunAlertWorkflows } from '../../../api/alerts.ts';
import { useProvideCommandTarget } from '../../../commands/target.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useScreenKeys } from '../../../keyboard/use-screen-keys.ts';
import { useSession } from '../../../session/SessionProvider.tsx';
import { useCan } from '../../../session/use-can.ts';
import { useLabs } from '../../../session/use-labs.ts';
import { useIsActivePage, useShellData, useToasts } from '../../../shell/index.ts';
import { loadThreatSightings } from '../../threat/index.ts';
import { loadAlertWorkflowRuns } from '../../workflows/index.ts';
import type { AlertsCommandTarget } from '../command-target.ts';
import { useLabels } from '../shared/use-labels.ts';
import type { Alert } from '../types.ts';
import { ActionsDialog } from './ActionsDialog.tsx';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import { AlertActionsBar, type DetailDialog } from './AlertActionsBar.tsx';
import { AlertFields } from './AlertFields.tsx';
import { AlertHeader } from './AlertHeader.tsx';
import { CaseDialog } from './CaseDialog.tsx';
import { ChangeDialog } from './ChangeDialog.tsx';
import { Comments } from './Comments.tsx';
import { Detections } from './Detections.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { MuteDialog } from './MuteDialog.tsx';
import { RawData } from './RawData.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { useAlertStatus } from './use-alert-status.ts';

/** The threat area's sightings of this alert's indicators, loaded with the page. */
const ThreatSightings = lazy(() => loadThreatSightings().then((component) => ({ default: component })));
/** The workflows area's runs this alert started, loaded with the page when workflows are switched on. */
const AlertWorkflowRuns = lazy(() => loadAlertWorkflowRuns().then((component) => ({ default: component })));

export interface AlertDetailBodyProps {
  alert: Alert;
  replace(alert: Alert): void;
  reload(): void;
}

/** The alert screen once the alert is loaded: header, sections, changes and their dialogs. */
export function AlertDetailBody({ alert, replace, reload }: AlertDetailBodyProps) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const labels = useLabels();
  const { me } = useSession();
  const { customers } = useShellData();
  const { notify } = useToasts();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<DetailDialog | null>(null);
  const [activityKey, setActivityKey] = useState(0);
  const active = useIsActivePage();
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const status = useAlertStatus(alert, (saved) => {
    replace(saved);
    setActivityKey((k) => k + 1);
  });
  const staff = me?.user.role_level === 'Global';
  const customerName = customers.find((c) => c.customer_id === alert.customer_id)?.name ?? alert.customer_id;

  const canActOnAgents = useCan()('requestAgentAction');
  const workflowsOn = useLabs('lab_workflows');
  const target = useMemo(
    (): AlertsCommandTarget => ({
      kind: 'alerts',
      ids: [alert.id],
      versions: { [alert.id]: alert.version },
      refresh: () => {
        reload();
        setActivityKey((k) => k + 1);
      },
      focusedId: alert.id,
      // `>isolate` and the other agent commands act on this alert's agent, linked to the alert.
      agent: {
        alertId: alert.id,
        agentId: alert.agent?.agent_id ?? null,
        hostName: alert.agent?.host_name ?? null,
        canChange: canActOnAgents,
      },
    }),
    [alert.id, alert.version, alert.agent, reload, canActOnAgents],
  );
  useProvideCommandTarget(target);

  const changed = (message: string) => {
    setDialog(null);
    notify({ severity: 'success', title: message, message: t('detail.alertId', { id: alert.id }) });
    reload();
    setActivityKey((k) => k + 1);
  };
  const failed = (error: unknown) =>
    notify({
      severity: 'danger',
      title: t('errors.updateOne', { id: alert.id }),
      message: `${tc('tryAgainLater')} ${error instanceof Error ? error.message : ''}`.trim(),
    });
  const open = (field: 'status' | 'priority' | 'classification') =>
    alert.can_edit && status.send({ type: 'open', field });
  const edit = (d: DetailDialog) => alert.can_edit && setDialog(d);

  // The alert screen's keys (registry group alertScreen): Esc, s, p, c, m and a.
  useScreenKeys(
    {
      'alert.back': () => navigate('/alerts'),
      'alert.status': () => open('status'),
      'alert.priority': () => open('priority'),
      'alert.comment': () => commentRef.current?.focus(),
      'alert.mute': () => edit('mute'),
      'alert.case': () => edit('case'),
    },
    active,
  );

  return (
    <div className="page-body alert-detail">
      <AlertHeader alert={alert} customerName={customerName} />
      <AlertActionsBar
        canEdit={alert.can_edit}
        onStatus={() => open('status')}
        onPriority={() => open('priority')}
        onClassify={() => open('classification')}
        onComment={() => commentRef.current?.focus()}
        onDialog={edit}
      />
      <div className="alert-detail__grid">
        <div className="alert-detail__main">
          <AlertFields alert={alert} />
          <SummaryCards alert={alert} />
          <Detections alertId={alert.id} count={alert.detections_count} />
          <Suspense fallback={null}>
            <ThreatSightings of={{ alertId: alert.id }} />
          </Suspense>
          {workflowsOn && (
            <Suspense fallback={null}>
              <AlertWorkflowRuns alertId={alert.id} />
            </Suspense>
          )}
          <RawData fields={alert.fields} />
          <Comments
            alertId={alert.id}
            staff={staff}
            canComment={alert.can_edit || !staff}
            textareaRef={commentRef}
            onChanged={() => setActivityKey((k) => k + 1)}
          />
        </div>
        <aside className="alert-detail__side">
          <ActivityTimeline alertId={alert.id} agent={alert.agent} generation={activityKey} />
        </aside>
      </div>
      {selectDialogOpen(status.snapshot) && (
        <ChangeDialog key={status.snapshot.context.field} status={status} />
      )}
      {dialog === 'case' && (
        <CaseDialog alert={alert} onDone={changed} onFailed={failed} onClose={() => setDialog(null)} />
      )}
      {dialog === 'merge' && (
        <MergeDialog
          alert={alert}
          onMerged={(target) => {
            replace(target);
            changed(t('merge.done'));
          }}
          onFailed={failed}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'mute' && (
        <MuteDialog
          alert={alert}
          onMuted={() => changed(t('mute.done'))}
          onFailed={failed}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'actions' && (
        <ActionsDialog
          alert={alert}
          onQueued={(action) => changed(t('actions.done', { action: labels.action(action) }))}
          onFailed={(error) => {
            failed(error);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'rerun' && (
        <ConfirmDialog
          title={t('rerun.title')}
          confirmLabel={t('rerun.confirm')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            rerunAlertWorkflows(alert.id).then(() => changed(t('rerun.done')), failed);
          }}
        >
          <p>{t('rerun.explain')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
