import { api } from '../../../api/client.ts';
import type { components, operations } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const REPORTS_AREA = '/api/ngreports/';

export type Report = components['schemas']['Report'];
export type ReportInput = components['schemas']['ReportInput'];
export type ReportComponent = components['schemas']['ReportComponent'];
export type ReportSectionKind = NonNullable<ReportComponent['section']>;
export type ReportSchedule = components['schemas']['ReportSchedule'];
export type ReportRun = components['schemas']['ReportRun'];
export type ReportBranding = components['schemas']['ReportBranding'];
export type ReportData = components['schemas']['ReportData'];

/** Every report the caller may see: their own private ones, their customers', global ones. */
export const listReports = () =>
  $api.queryOptions('get', '/api/ngreports/v0/reports/', {}, { select: (data): Report[] => data.reports });

export const getReport = (id: string) =>
  $api.queryOptions('get', '/api/ngreports/v0/reports/{id}', { params: { path: { id } } });

export async function createReport(input: ReportInput): Promise<Report> {
  return dataOf(await api.POST('/api/ngreports/v0/reports/', { body: input }));
}

/** Saves a change made on `version`; someone else's change since answers 409. */
export async function updateReport(id: string, input: ReportInput, version: number): Promise<Report> {
  return dataOf(
    await api.PUT('/api/ngreports/v0/reports/{id}', {
      params: { path: { id } },
      body: { ...input, version },
    }),
  );
}

export async function deleteReport(id: string): Promise<void> {
  await api.DELETE('/api/ngreports/v0/reports/{id}', { params: { path: { id } } });
}

/** The figures of each data section, as the PDF prints them, for one customer. */
export const getReportData = (
  id: string,
  customerId: string,
  locale?: ReportDataLocale,
  selectedGroups: readonly string[] = [],
) =>
  $api.queryOptions('get', '/api/ngreports/v0/reports/{id}/data', {
    params: {
      path: { id },
      query: { customer_id: customerId, ...(locale && { locale }), ...groupsQuery(selectedGroups) },
    },
  });

/** `selected_groups` only when some are chosen: none means the whole customer. */
function groupsQuery(selectedGroups: readonly string[]) {
  return selectedGroups.length ? { selected_groups: [...selectedGroups] } : {};
}

export type ReportAzureGroup =
  operations['listReportAzureGroups']['responses'][200]['content']['application/json']['groups'][number];

/** The Azure groups of these customers' Microsoft tenants, or `configured: false` without an integration. */
export const listReportAzureGroups = (customerIds: readonly string[]) =>
  $api.queryOptions('get', '/api/ngreports/v0/azure-groups/', {
    params: { query: { customer_ids: [...customerIds] } },
  });

/** A language the server prints a report's words in. */
export type ReportDataLocale = NonNullable<
  NonNullable<operations['getReportData']['parameters']['query']>['locale']
>;
export type ReportPrintedSection = components['schemas']['ReportPrintedSection'];

/** The report rendered as a PDF for one customer (the call needs the session's token, so it is read as a blob). */
export async function previewReport(
  id: string,
  customerId: string,
  selectedGroups: readonly string[],
  signal?: AbortSignal,
): Promise<Blob> {
  return dataOf(
    await api.GET('/api/ngreports/v0/reports/{id}/preview', {
      params: { path: { id }, query: { customer_id: customerId, ...groupsQuery(selectedGroups) } },
      parseAs: 'blob',
      signal,
    }),
  ) as Blob;
}

/** The schedules of these customers (every customer the caller may see when none given). */
export const listReportSchedules = (customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/ngreports/v0/schedule/',
    { params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } } },
    { select: (data): ReportSchedule[] => data.tasks },
  );

export interface ScheduleRequest {
  customerId: string;
  reportId: string;
  frequency: 'monthly' | 'weekly';
  recipients: string[];
  /** Azure group ids each run narrows to; none for the whole customer. */
  selectedGroups: string[];
}

export async function scheduleReport(request: ScheduleRequest): Promise<ReportSchedule> {
  return dataOf(
    await api.POST('/api/ngreports/v0/schedule/', {
      params: {
        query: {
          customer_id: request.customerId,
          report_type: request.reportId,
          frequency: request.frequency,
          recipients: request.recipients,
          ...groupsQuery(request.selectedGroups),
        },
      },
    }),
  );
}

export async function deleteReportSchedule(customerId: string, reportId: string): Promise<void> {
  await api.DELETE('/api/ngreports/v0/schedule/', {
    params: { query: { customer_id: customerId, report_type: reportId } },
  });
}

/** Sends the report now, one PDF per customer, rendered in the background (one run each in the log). */
export async function sendReport(
  reportId: string,
  customerIds: string[],
  recipients: string[],
  selectedGroups: readonly string[] = [],
) {
  return dataOf(
    await api.GET('/api/ngreports/v0/reports/send', {
      params: {
        query: {
          report_type: reportId,
          customer_ids: customerIds,
          recipients,
          ...groupsQuery(selectedGroups),
        },
      },
    }),
  ).runs;
}

/** The delivery log, newest first, of one report (or all the caller may see). */
export const listReportRuns = (reportId?: string) =>
  $api.queryOptions(
    'get',
    '/api/ngreports/v0/runs/',
    { params: { query: { report_id: reportId } } },
    { select: (data): ReportRun[] => data.runs },
  );

export async function getReportRunPdf(id: number): Promise<Blob> {
  return dataOf(
    await api.GET('/api/ngreports/v0/runs/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }),
  ) as Blob;
}

export const getReportBranding = (id: string) =>
  $api.queryOptions('get', '/api/ngreports/v0/branding/', { params: { query: { id } } });

/** Sets the colours and, when given, the logo (multipart: the browser sets the boundary). */
export async function setReportBranding(
  id: string,
  primary: string,
  secondary: string,
  logo: File | null,
): Promise<ReportBranding> {
  const form = new FormData();
  form.set('id', id);
  form.set('primary_color', primary);
  form.set('secondary_color', secondary);
  if (logo) form.set('logo', logo, logo.name);
  return dataOf(
    await api.POST('/api/ngreports/v0/branding/', {
      body: form as never,
      bodySerializer: (body: unknown) => body as FormData,
    }),
  );
}

export async function deleteReportBranding(id: string): Promise<void> {
  await api.DELETE('/api/ngreports/v0/branding/', { params: { query: { id } } });
}

export async function getReportBrandingLogo(id: string): Promise<Blob> {
  return dataOf(
    await api.GET('/api/ngreports/v0/branding/logo', { params: { query: { id } }, parseAs: 'blob' }),
  ) as Blob;
}
