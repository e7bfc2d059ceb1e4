import { api } from '../../../api/client.ts';
import type { components, operations } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The platform updates' calls that change them (administrators), through the one client. */

export type PlatformUpdate = components['schemas']['PlatformUpdate'];
export type UpdateCategory = components['schemas']['UpdateCategory'];

export type UpdatesQuery = NonNullable<operations['listUpdates']['parameters']['query']>;
export type UpdateSort = NonNullable<UpdatesQuery['sort']>;

/** listUpdates: a page of the updates that match and their total, newest publication first. */
export const listUpdates = (query: UpdatesQuery) =>
  $api.queryOptions('get', '/api/updates/v1/updates/', { params: { query } });

/** listUpdates with the drafts, for their authors: read afresh whenever the tab opens. */
export const listUpdateDrafts = () => ({
  ...$api.queryOptions(
    'get',
    '/api/updates/v1/updates/',
    { params: { query: { include_drafts: true, batch_size: 100 } } },
    { select: (data): PlatformUpdate[] => data.updates },
  ),
  staleTime: 0,
});

export interface UpdateDraft {
  category: UpdateCategory;
  title: string;
  body: string;
}

/** A new update starts as a draft: administrators publish it when it reads right. */
export async function createUpdate(draft: UpdateDraft): Promise<PlatformUpdate> {
  return dataOf(await api.POST('/api/updates/v1/updates/', { body: { ...draft, published: false } }));
}

export async function changeUpdate(
  id: number,
  change: Partial<UpdateDraft> & { published?: boolean },
): Promise<PlatformUpdate> {
  return dataOf(await api.PATCH('/api/updates/v1/updates/{id}', { params: { path: { id } }, body: change }));
}

export async function deleteUpdate(id: number): Promise<void> {
  // A failed answer throws in the client's error middleware; 204 has no body to unwrap.
  await api.DELETE('/api/updates/v1/updates/{id}', { params: { path: { id } } });
}
