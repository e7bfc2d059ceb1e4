import type { integrations } from '../../db/schema/index.ts';
import type { ResultOf } from '../../platform/handler.ts';
import { publicSettings } from '../../platform/integration-settings.ts';
import { type IntegrationKind, kindOf } from './kinds/index.ts';
import { secretStates } from './settings.ts';

/** An integration as request work reads it: the sealed column is write-only (db/tenancy.ts). */
export type IntegrationRow = Omit<typeof integrations.$inferSelect, 'secrets'>;
type Presented = ResultOf<'getIntegration'>;

export function presentKind(kind: IntegrationKind): ResultOf<'listIntegrationKinds'>['kinds'][number] {
  return {
    kind: kind.kind,
    direction: kind.direction,
    brings: [...kind.brings],
    actions: [...kind.actions],
    fields: kind.fields.map((field) => ({
      name: field.name,
      secret: field.secret ?? false,
      required: field.required ?? false,
      min_length: field.minLength ?? null,
      max_length: field.maxLength ?? null,
      pattern: field.pattern?.regex ?? null,
      format: field.pattern?.format ?? null,
      options: field.options ? [...field.options] : null,
      expression: field.expression ?? false,
      multiline: field.multiline ?? false,
      default: field.default ?? null,
    })),
  };
}

/**
 * An integration as answers show it: settings through the allowlist of its kind, and of each
 * credential only whether it is set.
 */
export function presentIntegration(
  row: IntegrationRow,
  secrets: Record<string, string>,
  mappingCount: number,
): Presented {
  const kind = kindOf(row.kind);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    direction: kind?.direction ?? null,
    configurable: kind !== undefined,
    release_status: row.releaseStatus,
    settings: publicSettings(row.kind, row.settings),
    secrets: secretStates(kind, secrets),
    validated_at: row.validatedAt?.toISOString() ?? null,
    mapping_count: mappingCount,
    pulled_at: row.pulledAt?.toISOString() ?? null,
    pull_error: row.pullError ?? null,
    pull_error_at: row.pullErrorAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
