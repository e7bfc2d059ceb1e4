import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { type Agent, listActionsOfAgents } from './api.ts';

/** How many of the selection's latest actions the list shows. */
const SHOWN = 10;

/**
 * The latest actions of the selected agents (`GET /agents/actions?ids[]`), so a person sees what
 * is already queued before asking for more; its failure says so in the spec's words.
 */
export function SelectedAgentsActions({
  agentIds,
  hosts,
}: {
  agentIds: readonly string[];
  hosts: readonly Agent[];
}) {
  const { t } = useTranslation('agents');
  const ids = agentIds.slice(0, 1000);
  const load = asLoaded(useQuery(listActionsOfAgents(ids)));
  const hostOf = (id: string) => hosts.find((a) => a.agent_id === id)?.host_name ?? id;
  return (
    <section className="agent-page__section" aria-label={t('selectedActions.title')}>
      {load.status === 'error' ? (
        <p role="alert">{t('selectedActions.failed')}</p>
      ) : load.data && load.data.length > 0 ? (
        <ul className="agents-selected-actions">
          {load.data.slice(0, SHOWN).map((action) => (
            <li key={action.action_id}>
              {t('selectedActions.item', {
                host: hostOf(action.agent_id),
                action: t(`actionType.${action.type}`),
                status: t(`actionStatus.${action.status}`),
              })}
            </li>
          ))}
        </ul>
      ) : load.data ? (
        <p className="muted">{t('selectedActions.none')}</p>
      ) : null}
    </section>
  );
}
