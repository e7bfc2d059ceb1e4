import type { Principal } from '../../auth/principal.ts';
import { threatSightings } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { verdicts } from './bulk.ts';
import type { IndicatorKind } from './feeds/entry.ts';
import { classify } from './refang.ts';

/** Strings longer than this are prose or payloads, not one indicator; fields past this count are not read. */
const MAX_VALUE_LENGTH = 2048;
const MAX_VALUES = 500;

interface FieldValue {
  field: string;
  kind: IndicatorKind;
  value: string;
}

/** Every string of an alert's fields that names an IP, domain, file hash or a URL's host, with its path. */
export function indicatorsInFields(fields: Record<string, unknown>): FieldValue[] {
  const found = new Map<string, FieldValue>();
  let read = 0;
  const walk = (value: unknown, path: string) => {
    if (read >= MAX_VALUES) return;
    if (typeof value === 'string') {
      read++;
      if (value.length > MAX_VALUE_LENGTH) return;
      const lookup = classify(value)?.lookup;
      const key = lookup && `${lookup.kind} ${lookup.value}`;
      if (lookup && key && !found.has(key)) found.set(key, { field: path, ...lookup });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
    } else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(fields, '');
  return [...found.values()];
}

/**
 * Called by the one alert path for every new alert: each field value the store knows (a shared
 * indicator, or one of the alert's customer's own; never a warning-listed value) is recorded as
 * a sighting of that customer, naming the alert and the field. Answers how many were recorded.
 */
export async function recordAlertSightings(
  tx: Db,
  principal: Principal,
  alert: { id: number; customerId: string; fields: Record<string, unknown> },
): Promise<number> {
  const candidates = indicatorsInFields(alert.fields);
  if (!candidates.length) return 0;
  const found = await verdicts(tx, [alert.customerId], candidates);
  const matched = candidates.filter((c) => {
    const verdict = found.get(`${c.kind} ${c.value}`);
    return verdict && verdict.source !== 'warning list';
  });
  if (!matched.length) return 0;
  await tx.insert(threatSightings).values(
    matched.map((m) => ({
      partnerId: principal.scope.partnerId,
      customerId: alert.customerId,
      userId: principal.scope.userId,
      kind: m.kind,
      value: m.value,
      context: 'alert',
      alertId: alert.id,
      field: m.field,
    })),
  );
  return matched.length;
}
