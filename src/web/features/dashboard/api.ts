import type { paths } from '../../../api/schema.d.ts';
import { $api } from '../../api/query.ts';

type Answer<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer A } } } };
}
  ? A
  : never;

export type AlertsOverTime = Answer<'/api/dashboard/alerts-over-time'>;
export type OpenAlerts = Answer<'/api/dashboard/open-alerts'>;
export type ResponseTimes = Answer<'/api/dashboard/response-times'>;
export type AlertTypes = Answer<'/api/dashboard/alert-types'>;
export type AgentHealth = Answer<'/api/dashboard/health'>;
export type IngestVolume = Answer<'/api/dashboard/ingest'>;

/** The dashboard's spans: the console's date ranges (spec 1 and 2, section 9), -1 being all time. */
export const DASHBOARD_SPANS = [-1, 1, 7, 14, 30, 180, 360] as const;
export const ALL_TIME = -1;
export type DashboardSpan = (typeof DASHBOARD_SPANS)[number];

const customers = (ids: readonly string[]) => (ids.length ? [...ids] : undefined);

/** getDashboardAlertsOverTime: alerts per hour or day by priority. */
export const getDashboardAlertsOverTime = (ids: readonly string[], days: DashboardSpan) =>
  $api.queryOptions('get', '/api/dashboard/alerts-over-time', {
    params: { query: { customer_ids: customers(ids), days } },
  });

/** getDashboardOpenAlerts: open alerts by customer and status. */
export const getDashboardOpenAlerts = (ids: readonly string[]) =>
  $api.queryOptions('get', '/api/dashboard/open-alerts', {
    params: { query: { customer_ids: customers(ids) } },
  });

/** getDashboardResponseTimes: time to acknowledge and to close, per customer. */
export const getDashboardResponseTimes = (ids: readonly string[], days: DashboardSpan) =>
  $api.queryOptions('get', '/api/dashboard/response-times', {
    params: { query: { customer_ids: customers(ids), days } },
  });

/** getDashboardAlertTypes: the most frequent alert types. */
export const getDashboardAlertTypes = (ids: readonly string[], days: DashboardSpan) =>
  $api.queryOptions('get', '/api/dashboard/alert-types', {
    params: { query: { customer_ids: customers(ids), days } },
  });

/** getDashboardHealth: agent health per customer (spec 2, section 7). */
export const getDashboardHealth = (ids: readonly string[]) =>
  $api.queryOptions('get', '/api/dashboard/health', { params: { query: { customer_ids: customers(ids) } } });

/** getDashboardIngest: ingest volume per day (spec 2, section 7). */
export const getDashboardIngest = (ids: readonly string[], days: DashboardSpan) =>
  $api.queryOptions('get', '/api/dashboard/ingest', {
    params: { query: { customer_ids: customers(ids), days } },
  });
