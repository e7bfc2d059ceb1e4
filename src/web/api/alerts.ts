import { api } from '../../api/client.ts';
import type { components } from '../../api/schema.d.ts';
import { dataOf } from './errors.ts';

/** One alert as it is now: the alerts area reads it, and so do actions of other areas on an alert (escalating it). */
export async function getAlert(id: number, signal?: AbortSignal): Promise<components['schemas']['Alert']> {
  return dataOf(await api.GET('/api/alerts/v1/alerts/{id}', { params: { path: { id } }, signal }));
}

/** Runs an alert's workflows again: from its page, and from the workflows' palette command on a selection. */
export async function rerunAlertWorkflows(id: number) {
  return dataOf(await api.POST('/api/alerts/v1/alerts/{id}/workflows/rerun', { params: { path: { id } } }));
}
