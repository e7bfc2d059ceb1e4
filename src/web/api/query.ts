import { QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { useCallback } from 'react';
import { api } from '../../api/client.ts';
import { ApiError } from './errors.ts';

/**
 * The one data layer of the web app: TanStack Query over the one client (`src/api/client.ts`), so
 * every answer passes the session and error middleware and a failure is an ApiError. A query's key
 * is `[method, path, init]` (the operation and its parameters): two screens asking the same thing
 * share one request and one cached answer.
 */
export const $api = createQueryHooks(api);

/** How long an answer counts as fresh: a screen opened again within it shows it without asking. */
export const FRESH_MS = 30_000;

/** Reads the spec retries (spec 2, section 9: the rules fetch is retried up to 3 times). */
export const SPEC_RETRIES = 3;

/** A refused answer (4xx) says the same the next time: only a lost connection or a 5xx is retried. */
export function retryUpTo(times: number) {
  return (failures: number, error: unknown) =>
    failures < times && !(error instanceof ApiError && error.status !== null && error.status < 500);
}

/**
 * The console's defaults: answers stay fresh for a while, no refetch storm when the window
 * regains focus or the network returns (lists refresh on their own period), no retry unless the
 * spec asks for one (a failed load shows its error and a retry button instead).
 */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The path a key asks for (`[method, path, init]`), or null for a key of another shape. */
function pathOf(key: QueryKey): string | null {
  return typeof key[1] === 'string' ? key[1] : null;
}

/**
 * Marks every cached answer whose path starts with one of `prefixes` stale and refetches those on
 * screen: after a change, the area's lists and details ask again (`'/api/mutes/'`).
 */
export function invalidatePaths(client: QueryClient, ...prefixes: string[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const path = pathOf(query.queryKey);
      return path !== null && prefixes.some((prefix) => path.startsWith(prefix));
    },
  });
}

/** `invalidatePaths` bound to the provided client, for mutations' `onSuccess`. */
export function useInvalidatePaths(): (...prefixes: string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((...prefixes: string[]) => invalidatePaths(client, ...prefixes), [client]);
}

/**
 * The same query, asked again whenever `parts` change: for an answer that moves with something
 * the parameters do not name (a search's progress, a list the screen knows has changed).
 */
export function askedAgainWith<Options extends { queryKey: QueryKey }>(
  options: Options,
  ...parts: readonly (string | number)[]
): Options {
  return { ...options, queryKey: [...options.queryKey, ...parts] as unknown as Options['queryKey'] };
}
