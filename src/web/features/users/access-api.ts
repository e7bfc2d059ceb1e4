import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';

export type Session = components['schemas']['Session'];
export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyCreate = components['schemas']['ApiKeyCreate'];

export async function changePassword(current: string, next: string): Promise<void> {
  await api.PUT('/api/profile/password', { body: { current_password: current, new_password: next } });
}

export async function listSessions(): Promise<Session[]> {
  return dataOf(await api.GET('/api/profile/sessions')).sessions;
}

export async function endSession(id: string): Promise<void> {
  await api.DELETE('/api/profile/sessions/{session_id}', { params: { path: { session_id: id } } });
}

export async function listApiKeys(): Promise<ApiKey[]> {
  return dataOf(await api.GET('/api/profile/api-keys')).api_keys;
}

/** The answer carries the key itself, this once. */
export async function createApiKey(body: ApiKeyCreate): Promise<ApiKey & { key: string }> {
  return dataOf(await api.POST('/api/profile/api-keys', { body }));
}

export async function revokeApiKey(id: string): Promise<void> {
  await api.DELETE('/api/profile/api-keys/{key_id}', { params: { path: { key_id: id } } });
}
