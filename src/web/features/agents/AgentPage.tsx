import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FINISHED } from '../../../../machines/agent-action/agent-action.machine.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { TabList } from '../../components/TabList.tsx';
import { LoadError } from '../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../components/table/SlowLoadNotice.tsx';
import { useLabs } from '../../session/use-labs.ts';
import { useSession } from '../../session/use-session.ts';
import { useIsActivePage, useShellData, useTickerEvent } from '../../shell/index.ts';
import { ActionCard } from './ActionCard.tsx';
import { AgentDiagnostics } from './AgentDiagnostics.tsx';
import { AgentInventory } from './AgentInventory.tsx';
import { AgentIssues } from './AgentIssues.tsx';
import { AgentLogins } from './AgentLogins.tsx';
import { AgentOverview } from './AgentOverview.tsx';
import { AgentSettingsPanel } from './AgentSettingsPanel.tsx';
import type { AgentsCommandTarget } from './command-target.ts';
import './agents.css';
import { statusClass } from '../../components/agent-status.ts';
import type { AgentAction } from './api.ts';
import { PendingAction } from './PendingAction.tsx';
import { RequestActionForm } from './RequestActionForm.tsx';
import { TerminalAccess } from './TerminalAccess.tsx';
import { useAgentActionsShown, useCanControlAgents } from './use-agent-access.ts';
import { useAgentDetail } from './use-agent-detail.ts';
import { useAgentLabels } from './use-agent-labels.ts';

/** The tabs this page has: the agent, its actions and what it reported. */
const TABS = ['overview', 'actions', 'inventory', 'issues', 'logins', 'diagnostics'] as const;
type Tab = (typeof TABS)[number];

/**
 * /agents/:id (spec 2, section 2): the agent's status and states, what it runs, its settings and
 * attributes, and its actions: ask for one (after confirming), the queue followed to each
 * action's end, cancel or force-cancel (after confirming), and the history with its evidence.
 */
export function AgentPage({ params }: ScreenProps) {
  const agentId = params.id ?? '';
  const { t } = useTranslation('agents');
  const session = useSession();
  const active = useIsActivePage();
  // Settings and attributes need the permission; the response actions also the labs toggle.
  const canControl = useCanControlAgents();
  const canChange = useAgentActionsShown();
  const terminalShown = useLabs('lab_terminal');
  const { customers } = useShellData();
  const labels = useAgentLabels();
  const detail = useAgentDetail(agentId, session.status === 'ready');
  const [tab, setTab] = useState<Tab>('actions');
  const [formKey, setFormKey] = useState(0);
  const uid = useId();
  useTickerEvent('refresh', detail.reload);

  const target = useMemo(
    (): AgentsCommandTarget | null =>
      active && detail.agent
        ? { kind: 'agents', ids: [agentId], canChange, refresh: detail.reload, focusedId: agentId }
        : null,
    [active, detail.agent, agentId, canChange, detail.reload],
  );
  useProvideCommandTarget(target);

  const { putAction } = detail;
  const onQueued = useCallback(
    (action: AgentAction) => {
      putAction(action);
      setFormKey((k) => k + 1);
    },
    [putAction],
  );

  const agent = detail.agent;
  if (!agent) {
    return (
      <div className="page-body agent-page slow-load-host">
        {detail.status === 'error' ? (
          <LoadError
            error={detail.error}
            message={t('errors.loadOne')}
            retryLabel={t('retry')}
            onRetry={detail.reload}
          />
        ) : (
          <p role="status">{t('loading')}</p>
        )}
        <SlowLoadNotice loading={detail.status === 'loading'} />
      </div>
    );
  }

  const pending = detail.actions.filter((a) => !FINISHED.includes(a.status));
  const history = detail.actions.filter((a) => FINISHED.includes(a.status));
  const staff = session.me?.user.role_level === 'Global';
  const customer = customers.find((c) => c.customer_id === agent.customer_id)?.name ?? agent.customer_id;

  return (
    <div className="page-body agent-page">
      <header className="page-header">
        <h1>{agent.host_name}</h1>
        <p>
          <span className={`agent-status ${statusClass(agent.status_code)}`}>
            {labels.statusLabel(agent)}
          </span>{' '}
          {agent.states
            .filter((s) => s !== agent.status)
            .map((s) => labels.stateLabel(s))
            .join(', ')}
          {agent.late_by_seconds > 0
            ? ` · ${t('detail.late', { late: labels.lateBy(agent.late_by_seconds) })}`
            : ''}
          {' · '}
          {customer}
        </p>
        {terminalShown && (
          <Link href={`/agents/${agentId}/terminal`} className="button">
            {t('terminalAccess.open')}
          </Link>
        )}
      </header>
      <TabList<Tab>
        label={t('detail.tabs')}
        tabs={TABS}
        selected={tab}
        onChange={setTab}
        tabId={(key) => `${uid}-tab-${key}`}
        panelId={() => `${uid}-panel`}
      >
        {(key) => t(`detail.tab.${key}`)}
      </TabList>
      <div id={`${uid}-panel`} role="tabpanel" aria-labelledby={`${uid}-tab-${tab}`}>
        {tab === 'overview' && (
          <>
            <AgentOverview agent={agent} canChange={canControl} onChanged={detail.reload} />
            <AgentSettingsPanel agentId={agentId} canChange={canControl} onChanged={detail.reload} />
            {terminalShown && <TerminalAccess customerId={agent.customer_id} />}
          </>
        )}
        {tab === 'inventory' && <AgentInventory agentId={agentId} />}
        {tab === 'issues' && <AgentIssues agentId={agentId} />}
        {tab === 'logins' && <AgentLogins agentId={agentId} />}
        {tab === 'diagnostics' && (
          <AgentDiagnostics agentId={agentId} canRequest={canChange} staff={staff} onQueued={putAction} />
        )}
        {tab === 'actions' && (
          <>
            {canChange && (
              <section className="agent-page__section" aria-labelledby={`${uid}-request`}>
                <h2 id={`${uid}-request`}>{t('request.title')}</h2>
                <p className="muted">{detail.isActive ? t('request.active') : t('request.inactive')}</p>
                <RequestActionForm
                  key={formKey}
                  agentId={agentId}
                  hostName={agent.host_name}
                  onQueued={onQueued}
                />
              </section>
            )}
            <section className="agent-page__section" aria-labelledby={`${uid}-queue`}>
              <h2 id={`${uid}-queue`}>{t('actions.queue')}</h2>
              {pending.length === 0 && <p>{t('actions.queueEmpty')}</p>}
              {pending.map((action) => (
                <PendingAction
                  key={action.action_id}
                  action={action}
                  canChange={canChange}
                  onChange={putAction}
                />
              ))}
            </section>
            <section className="agent-page__section" aria-labelledby={`${uid}-history`}>
              <h2 id={`${uid}-history`}>{t('actions.history')}</h2>
              {history.length === 0 && <p>{t('actions.historyEmpty')}</p>}
              {history.map((action) => (
                <ActionCard key={action.action_id} action={action} />
              ))}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
