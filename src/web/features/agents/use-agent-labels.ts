import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { lateByParts } from './agent-filters.ts';
import type { Agent } from './api.ts';

/** The words for an agent's states and how late it is, in the person's language. */
export function useAgentLabels() {
  const { t } = useTranslation('agents');
  const stateLabel = useCallback((state: string) => t(`state.${state}` as 'state.online'), [t]);
  const statusLabel = useCallback((agent: Agent) => stateLabel(agent.status), [stateLabel]);
  const lateBy = useCallback(
    (seconds: number) => {
      const { unit, count } = lateByParts(seconds);
      return t(`lateBy.${unit}`, { count });
    },
    [t],
  );
  return { stateLabel, statusLabel, lateBy };
}
