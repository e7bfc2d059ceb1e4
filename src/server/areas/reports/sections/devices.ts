import { type SQL, sql } from 'drizzle-orm';
import type { DeviceScope } from '../azure-scope.ts';

/**
 * Whether a host name column names one of the scope's devices: by short name, in lower case (one
 * parameter, however many devices).
 */
export const hostOfScope = (scope: DeviceScope, column: SQL) =>
  sql`lower(split_part(coalesce(${column}, ''), '.', 1)) in (select jsonb_array_elements_text(${JSON.stringify(scope.hostNames)}::jsonb))`;

/** The customer's agents on the scope's devices. */
export const agentsOfScope = (scope: DeviceScope, customerId: string) =>
  sql`select agent_id from agents where customer_id = ${customerId} and ${hostOfScope(scope, sql.raw('host_name'))}`;

/**
 * Whether an alert (of `alerts`, under `alias`) is on the scope's devices: by its host name (as
 * Defender's pulled alerts and sources name it) or its agent.
 */
export const alertOnScope = (scope: DeviceScope, customerId: string, alias = 'alerts') =>
  sql`(${hostOfScope(scope, sql.raw(`${alias}.host_name`))} or ${sql.raw(`${alias}.agent_id`)} in (${agentsOfScope(scope, customerId)}))`;
