import type { Backtest, LogAlertRule, LogAlertSettings } from './api.ts';

export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
/** Spec 9: minutes before the same customer is alerted again. */
export const REALERTS = ['always', '1', '2', '5', '10', '30'] as const;

/** The dialog's draft: numbers as typed, so a half-typed value is kept and shown as an error. */
export interface AlertDraft {
  periodMinutes: string;
  priority: (typeof PRIORITIES)[number];
  threshold: string;
  realert: (typeof REALERTS)[number];
  /** Unticked, the rule is kept but paused: it raises no alerts. */
  enabled: boolean;
}

export const DEFAULT_DRAFT: AlertDraft = {
  periodMinutes: '15',
  priority: 'medium',
  threshold: '1',
  realert: '10',
  enabled: true,
};

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export const draftOfRule = (rule: LogAlertRule): AlertDraft => ({
  periodMinutes: String(rule.period / 60),
  priority: rule.priority,
  threshold: String(rule.threshold),
  realert: rule.realert,
  enabled: rule.enabled,
});

/** The request body of a valid draft. */
export const settingsOf = (savedSearchId: string, draft: AlertDraft): LogAlertSettings => ({
  saved_search_id: savedSearchId,
  period: wholeNumber(draft.periodMinutes) * 60,
  priority: draft.priority,
  threshold: wholeNumber(draft.threshold),
  realert: draft.realert,
  enabled: draft.enabled,
});

export const sameDraft = (a: AlertDraft, b: AlertDraft) =>
  a.periodMinutes === b.periodMinutes &&
  a.priority === b.priority &&
  a.threshold === b.threshold &&
  a.realert === b.realert &&
  a.enabled === b.enabled;

export interface FiringBucket {
  time: string;
  fired: number;
  suppressed: number;
}

const HOUR = 3_600_000;

/** The backtest's firings per hour over its whole window (empty hours included), for the chart. */
export function firingsPerHour(backtest: Backtest): FiringBucket[] {
  const from = Math.floor(Date.parse(backtest.from) / HOUR) * HOUR;
  const to = Date.parse(backtest.to);
  const buckets: FiringBucket[] = [];
  for (let t = from; t < to; t += HOUR)
    buckets.push({ time: new Date(t).toISOString(), fired: 0, suppressed: 0 });
  for (const f of backtest.firings) {
    const bucket = buckets[Math.floor((Date.parse(f.time) - from) / HOUR)];
    if (bucket) bucket[f.outcome] += 1;
  }
  return buckets;
}
