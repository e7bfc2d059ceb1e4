import type { TFunction } from 'i18next';
import type {
  AgentHealth,
  AlertsOverTime,
  AlertTypes,
  DashboardSpan,
  IngestVolume,
  OpenAlerts,
  ResponseTimes,
} from './api.ts';
import type { ChartModel } from './chart-model.ts';
import { alertsLink, OPEN } from './links.ts';

type T = TFunction<'dashboard'>;
type Names = (customerId: string) => string;

const PRIORITY_COLOURS = { critical: '#d64545', high: '#e8833a', medium: '#d9b93b', low: '#3e9e5f' } as const;
const STATUS_COLOURS = {
  new: '#3e9e5f',
  open: '#8fa3bf',
  acknowledged: '#4c7fd6',
  escalated: '#d9b93b',
  deferred: '#d64545',
  reopened: '#9a6fd0',
} as const;
/** The open statuses in the order of spec 1, section 4.7 (common/statuses.ts OPEN_STATUSES). */
const OPEN_KEYS = Object.keys(STATUS_COLOURS) as (keyof typeof STATUS_COLOURS)[];
const AGENT_COLOURS = {
  online: '#3e9e5f',
  new: '#4c7fd6',
  out_of_date: '#d9b93b',
  isolated: '#e8833a',
  unhealthy: '#d64545',
  offline: '#8a8a8a',
} as const;

export interface Formats {
  count(value: number): string;
  duration(seconds: number): string;
  bytes(value: number): string;
  bucket(start: string, unit: 'hour' | 'day'): string;
  day(day: string): string;
}

/** Alerts created per hour or day, stacked by priority; a bar opens that priority's alerts of that bucket. */
export function alertsOverTimeModel(answer: AlertsOverTime, t: T, f: Formats): ChartModel {
  const priorities = ['critical', 'high', 'medium', 'low'] as const;
  return {
    categories: answer.buckets.map((b) => f.bucket(b.start, answer.bucket)),
    series: priorities.map((p) => ({
      key: p,
      label: t(`priorities.${p}`),
      values: answer.buckets.map((b) => b[p]),
      colour: PRIORITY_COLOURS[p],
    })),
    stacked: true,
    format: f.count,
    href: (category, series) => {
      const bucket = answer.buckets[category];
      const priority = priorities[series];
      return bucket && priority ? alertsLink({ priority, from: bucket.start, to: bucket.end }) : null;
    },
  };
}

/** Open alerts per customer, stacked by status; a bar opens that customer's alerts in that status. */
export function openAlertsModel(answer: OpenAlerts, t: T, f: Formats, name: Names): ChartModel {
  return {
    categories: answer.customers.map((c) => name(c.customer_id)),
    series: OPEN_KEYS.map((status) => ({
      key: status,
      label: t(`statuses.${status}`),
      values: answer.customers.map((c) => c.statuses[status]),
      colour: STATUS_COLOURS[status],
    })),
    stacked: true,
    format: f.count,
    href: (category, series) => {
      const customer = answer.customers[category];
      const status = OPEN_KEYS[series];
      return customer && status
        ? alertsLink({ customer: name(customer.customer_id), statuses: [status] })
        : null;
    },
  };
}

/** Median time to acknowledge and to close per customer; a bar opens the customer's alerts of the span. */
export function responseTimesModel(
  answer: ResponseTimes,
  t: T,
  f: Formats,
  name: Names,
  days: DashboardSpan,
): ChartModel {
  return {
    categories: answer.customers.map((c) => name(c.customer_id)),
    series: [
      {
        key: 'acknowledge',
        label: t('charts.responseTimes.acknowledge'),
        values: answer.customers.map((c) => c.acknowledge.median_seconds),
        colour: '#4c7fd6',
      },
      {
        key: 'close',
        label: t('charts.responseTimes.close'),
        values: answer.customers.map((c) => c.close.median_seconds),
        colour: '#3e9e5f',
      },
    ],
    stacked: false,
    format: f.duration,
    href: (category) => {
      const customer = answer.customers[category];
      return customer ? alertsLink({ customer: name(customer.customer_id), days }) : null;
    },
  };
}

/** The most frequent alert types, all and still open; a bar opens that type's alerts of the span. */
export function alertTypesModel(answer: AlertTypes, t: T, f: Formats, days: DashboardSpan): ChartModel {
  return {
    categories: answer.types.map((x) => x.type),
    series: [
      {
        key: 'total',
        label: t('charts.alertTypes.total'),
        values: answer.types.map((x) => x.total),
        colour: '#4c7fd6',
      },
      {
        key: 'open',
        label: t('charts.alertTypes.open'),
        values: answer.types.map((x) => x.open),
        colour: '#e8833a',
      },
    ],
    stacked: false,
    format: f.count,
    href: (category, series) => {
      const type = answer.types[category]?.type;
      if (!type) return null;
      return alertsLink({ type, days, statuses: series === 1 ? OPEN : undefined });
    },
  };
}

/** Agents per customer by status; a bar opens the agents list filtered to its status. */
export function agentHealthModel(answer: AgentHealth, t: T, f: Formats, name: Names): ChartModel {
  const states = ['online', 'new', 'out_of_date', 'isolated', 'unhealthy', 'offline'] as const;
  return {
    categories: answer.customers.map((c) => name(c.customer_id)),
    series: states.map((state) => ({
      key: state,
      label: t(`agentStates.${state}`),
      values: answer.customers.map((c) => c.statuses[state]),
      colour: AGENT_COLOURS[state],
    })),
    stacked: true,
    format: f.count,
    href: (_category, series) => `/agents?status=${states[series]}`,
  };
}

/** Log volume ingested per day; no list stands behind a day. */
export function ingestModel(answer: IngestVolume, t: T, f: Formats): ChartModel {
  return {
    categories: answer.days.map((d) => f.day(d.day)),
    series: [
      {
        key: 'bytes',
        label: t('charts.ingest.bytes'),
        values: answer.days.map((d) => d.bytes),
        colour: '#4c7fd6',
      },
    ],
    stacked: false,
    format: f.bytes,
    href: () => null,
  };
}
