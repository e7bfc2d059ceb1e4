import type { logAlertRules, savedSearches } from '../../../db/schema/index.ts';

type SavedRow = typeof savedSearches.$inferSelect;
type RuleSettings = Pick<typeof logAlertRules.$inferSelect, 'periodSeconds' | 'threshold' | 'priority'> & {
  /** Null for a rule not saved yet (a backtest). */
  id: string | null;
};

const periodText = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

/**
 * The alert a rule raises for a customer with `n` events: the job creates it, the backtest
 * matches it against the mutes of the time, so both see the same title, type and fields.
 */
export function ruleAlert(saved: SavedRow, rule: RuleSettings, customerId: string, n: number) {
  return {
    customerId,
    title: `Saved search "${saved.name}": ${n} events in ${periodText(rule.periodSeconds)}`,
    type: 'log_search',
    priority: rule.priority,
    externalSource: 'log-alerting',
    fields: {
      saved_search_id: saved.id,
      rule_id: rule.id,
      count: n,
      period_seconds: rule.periodSeconds,
      threshold: rule.threshold,
    },
  };
}
