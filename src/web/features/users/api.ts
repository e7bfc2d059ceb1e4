import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The people's path: after a change, its cached answers are marked stale. */
export const CONTACTS_AREA = '/api/management/contacts';

export type Contact = components['schemas']['Contact'];
export type ManagedContact = components['schemas']['ManagedContact'];
export type Permission = components['schemas']['Permission'];
export type ContactCreate = components['schemas']['ContactCreate'];
export type ContactUpdate = components['schemas']['ContactUpdate'];

export const PERMISSIONS: readonly Permission[] = [
  'global_user',
  'read_all',
  'read_workflow',
  'read_integration',
  'read_escalation',
  'modify_all',
  'modify_workflow',
];

const byName = (a: Contact, b: Contact) =>
  (a.name || a.email).localeCompare(b.name || b.email, undefined, { sensitivity: 'base' });

/** GET /management/contacts past the server's cache (skip_cache), by name. */
export const listContacts = () =>
  $api.queryOptions(
    'get',
    '/api/management/contacts',
    { params: { query: { skip_cache: true } } },
    { select: (data): Contact[] => [...data.contacts].sort(byName) },
  );

export async function getContact(id: string): Promise<ManagedContact> {
  return dataOf(
    await api.GET('/api/management/contacts/{contact_id}', { params: { path: { contact_id: id } } }),
  );
}

export async function createContact(body: ContactCreate): Promise<ManagedContact> {
  return dataOf(
    await api.POST('/api/management/contacts', { params: { query: { synchronous: true } }, body }),
  );
}

export async function updateContact(id: string, body: ContactUpdate): Promise<ManagedContact> {
  return dataOf(
    await api.PATCH('/api/management/contacts/{contact_id}', { params: { path: { contact_id: id } }, body }),
  );
}

export async function deleteContact(id: string): Promise<void> {
  await api.DELETE('/api/management/contacts/{contact_id}', { params: { path: { contact_id: id } } });
}

export async function resendInvitation(id: string): Promise<ManagedContact> {
  return dataOf(
    await api.POST('/api/management/contacts/{contact_id}/invitation', {
      params: { path: { contact_id: id } },
    }),
  );
}
