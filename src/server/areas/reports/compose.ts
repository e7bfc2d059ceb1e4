import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { customers, type reports } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { customerNotFound } from '../../platform/scope.ts';
import type { DeviceScope } from './azure-scope.ts';
import { brandingFor } from './branding-store.ts';
import { zoneOf } from './customer-zone.ts';
import type { ReportComponent } from './document.ts';
import type { Period } from './period.ts';
import { DEFAULT_REPORT_LOCALE } from './render/labels.ts';
import type { RenderInput } from './render/pdf.ts';
import { readSections } from './sections/index.ts';

type ReportRow = typeof reports.$inferSelect;

/**
 * Everything a report's PDF shows for one customer and period, read in `tx`: the caller's (or a
 * schedule owner's) transaction, so row-level security decides what the figures may include;
 * with `devices` (Azure groups, read from Graph beforehand), the device sections cover only those.
 */
export async function composeReport(
  tx: Db,
  principal: Principal,
  report: ReportRow,
  customerId: string,
  period: Period,
  now: Date,
  devices: DeviceScope | null = null,
): Promise<RenderInput> {
  if (!principal.scope.customerIds.includes(customerId)) throw customerNotFound(customerId);
  const [customer] = await tx
    .select({ name: customers.name, locale: customers.locale, timeZone: customers.timeZone })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  if (!customer) throw customerNotFound(customerId);
  const components = report.document.components as ReportComponent[];
  return {
    title: report.name,
    description: report.description,
    version: report.version,
    providerName: principal.partner.name,
    customerName: customer.name,
    // Printed in the customer's language, for the customer's people who read it.
    locale: customer.locale ?? DEFAULT_REPORT_LOCALE,
    timeZone: zoneOf(customer.timeZone),
    period,
    azureGroups: devices?.groups ?? null,
    generatedAt: now,
    branding: await brandingFor(tx, principal.user.partnerId, customerId),
    components,
    sections: await readSections(tx, components, customerId, period, now, {
      savedSearchId: report.savedSearchId,
      devices,
    }),
  };
}
