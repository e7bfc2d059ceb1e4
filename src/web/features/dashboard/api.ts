import { api } from '../../../api/client.ts';
import type { paths } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';

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

export async function getAlertsOverTime(
  ids: readonly string[],
  days: DashboardSpan,
): Promise<AlertsOverTime> {
  return dataOf(
    await api.GET('/api/dashboard/alerts-over-time', {
      params: { query: { customer_ids: customers(ids), days } },
    }),
  );
}

export async function getOpenAlerts(ids: readonly string[]): Promise<OpenAlerts> {
  return dataOf(
    await api.GET('/api/dashboard/open-alerts', { params: { query: { customer_ids: customers(ids) } } }),
  );
}

export async function getResponseTimes(ids: readonly string[], days: DashboardSpan): Promise<ResponseTimes> {
  return dataOf(
    await api.GET('/api/dashboard/response-times', {
      params: { query: { customer_ids: customers(ids), days } },
    }),
  );
}

export async function getAlertTypes(ids: readonly string[], days: DashboardSpan): Promise<AlertTypes> {
  return dataOf(
    await api.GET('/api/dashboard/alert-types', {
      params: { query: { customer_ids: customers(ids), days } },
    }),
  );
}

/** GET /dashboard/health (spec 2, section 7). */
export async function getAgentHealth(ids: readonly string[]): Promise<AgentHealth> {
  return dataOf(
    await api.GET('/api/dashboard/health', { params: { query: { customer_ids: customers(ids) } } }),
  );
}

/** GET /dashboard/ingest (spec 2, section 7). */
export async function getIngestVolume(ids: readonly string[], days: DashboardSpan): Promise<IngestVolume> {
  return dataOf(
    await api.GET('/api/dashboard/ingest', { params: { query: { customer_ids: customers(ids), days } } }),
  );
}
