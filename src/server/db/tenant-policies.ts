import { mergeOnce } from '../areas/area.ts';
import { EVERY_DECLARER } from '../areas/index.ts';

/**
 * Every table the app role may touch, with the rows it may see: each area's `tenantPolicies` and
 * the platform's (areas/platform.ts). A table missing here is not granted at all, unless
 * db/tenancy.ts shares it otherwise (read-only, staff-writable, append-only).
 *
 * Kept apart from db/tenancy.ts because area code imports that (withScope, resultRows): were it to
 * import the list of areas, loading any area would load itself half-way.
 */
export const TENANT_POLICIES: Readonly<Record<string, string>> = mergeOnce(
  'tenant policy of',
  EVERY_DECLARER.map((area) => ({ name: area.name, entries: area.tenantPolicies as Record<string, string> })),
);
