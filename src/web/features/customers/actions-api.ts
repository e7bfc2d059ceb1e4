import { api } from '../../../api/client.ts';
import { dataOf } from '../../api/errors.ts';

/** POST /alerts/test: a labelled test alert through the one alert path (mutes and notifications apply). */
export async function createTestAlert(customerId: string): Promise<{ id: number; status: string }> {
  const alert = dataOf(await api.POST('/api/alerts/v1/alerts/test', { body: { customer_id: customerId } }));
  return { id: alert.id, status: alert.status };
}
