import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition, Schedule } from '../jobs/types.ts';
import type { Handlers, OperationId } from '../platform/handler.ts';

/**
 * One area of the product as the server sees it: everything the rest of the server needs to
 * know about it, as data. `areas/index.ts` lists the areas; the contract router, the job runner
 * and row-level security are derived from that list, so a new area is its folder, its contract
 * files (`openapi/paths/<area>*.yaml`) and one line there.
 */
export interface Area<K extends OperationId = OperationId, T extends string = string> {
  /** The folder name, which also starts the name of each of its contract files. */
  name: string;
  /** Its operations, by operationId. */
  handlers: Handlers<K>;
  /** The job kinds it runs, with their lane and retry policy (jobs/types.ts). */
  jobs: Readonly<Record<string, JobDefinition>>;
  /** Its recurring jobs (cron, UTC); each names one of its own job kinds. */
  schedules: readonly Schedule[];
  /** The tables (SQL names) it owns: it creates and changes their rows; other areas read them through it. */
  tables: readonly T[];
  /**
   * The rows request work (the app role) may see in each of its tables that it may touch at all:
   * a row-level security predicate (db/policies.ts has the building blocks). A table without one
   * is not granted here (it may be shared read-only or staff-writable: db/tenancy.ts).
   */
  tenantPolicies: Readonly<Partial<Record<T, string>>>;
  /**
   * A plugin (fastify-plugin, registered by app.ts before the contract's routes) that gives some of
   * the area's contract routes a WebSocket handler (`wsHandler`, in an onRoute hook) and keeps
   * what lives as long as the process (a relay of live sockets).
   */
  sockets?: FastifyPluginAsync;
}

/** Any area, or the platform's list, read for what it declares rather than for its operations. */
export type AnyArea = Area<never, string>;

/**
 * Declares an area. Only `name` is required; the handler map keeps its exact operationIds, and
 * `tenantPolicies` may name only tables the area declares in `tables`.
 */
export function defineArea<K extends OperationId = never, const T extends string = never>(area: {
  name: string;
  handlers?: Handlers<K>;
  jobs?: Readonly<Record<string, JobDefinition>>;
  schedules?: readonly Schedule[];
  tables?: readonly T[];
  tenantPolicies?: Readonly<Partial<Record<NoInfer<T>, string>>>;
  sockets?: FastifyPluginAsync;
}): Area<K, T> {
  const jobs = area.jobs ?? {};
  for (const schedule of area.schedules ?? [])
    if (!(schedule.kind in jobs))
      throw new Error(`area ${area.name}: schedule of ${schedule.kind}, which is not one of its jobs`);
  return {
    name: area.name,
    handlers: area.handlers ?? ({} as Handlers<K>),
    jobs,
    schedules: area.schedules ?? [],
    tables: area.tables ?? [],
    tenantPolicies: (area.tenantPolicies ?? {}) as Readonly<Partial<Record<T, string>>>,
    ...(area.sockets ? { sockets: area.sockets } : {}),
  };
}

/** Each area's entries of one kind, merged; the same key in two areas is a mistake worth stopping for. */
export function mergeOnce<V>(
  what: string,
  parts: readonly { name: string; entries: Readonly<Record<string, V>> }[],
): Record<string, V> {
  const merged: Record<string, V> = {};
  const ownerOf = new Map<string, string>();
  for (const { name, entries } of parts) {
    for (const [key, value] of Object.entries(entries)) {
      const other = ownerOf.get(key);
      if (other) throw new Error(`${what} ${key} is declared by both ${other} and ${name}`);
      ownerOf.set(key, name);
      merged[key] = value;
    }
  }
  return merged;
}
