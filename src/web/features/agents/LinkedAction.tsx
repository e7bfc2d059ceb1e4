import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ActionCard } from './ActionCard.tsx';
import type { AgentAction } from './api.ts';
import './agents.css';

/**
 * An agent action as the activity of the alert or case it was started from shows it: which agent
 * (a link to its page), then the action card with each step's time and the agent's receipt.
 */
export function LinkedAction({ action, hostName }: { action: AgentAction; hostName: string | null }) {
  const { t } = useTranslation('agents');
  return (
    <ActionCard action={action}>
      <p className="muted">
        {t('linked.on')} <Link href={`/agents/${action.agent_id}`}>{hostName ?? t('linked.openAgent')}</Link>
      </p>
    </ActionCard>
  );
}
