import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { statusClass } from '../../../components/agent-status.ts';
import type { Alert } from '../types.ts';

/**
 * The enrolled agent the alert concerns, as a link to its page with its status now; or why there
 * is none, which is also why the palette's agent commands are unavailable here.
 */
export function AlertAgent({ agent }: { agent: Alert['agent'] }) {
  const { t } = useTranslation(['alerts', 'agents']);
  if (!agent) return <span className="muted">{t('alerts:agent.none')}</span>;
  return (
    <span className="alert-agent" data-status={agent.status}>
      <Link href={`/agents/${agent.agent_id}`}>{agent.host_name}</Link>{' '}
      <span className={`badge agent-status ${statusClass(agent.status_code)}`}>
        {t(`agents:state.${agent.status}`)}
      </span>
    </span>
  );
}
