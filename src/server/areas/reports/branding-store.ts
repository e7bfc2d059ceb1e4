import { and, eq, isNull, or } from 'drizzle-orm';
import { reportBranding } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { ResolvedBranding } from './render/pdf.ts';

/** The console's own colours, for a provider that has set none. */
export const DEFAULT_BRANDING = { primary: '#1d4ed8', secondary: '#64748b' };

export type BrandingRow = typeof reportBranding.$inferSelect;

/** The provider's branding row (customer null) and the customer's, when set. */
export async function brandingRows(tx: Db, partnerId: string, customerId: string | null) {
  const rows = await tx
    .select()
    .from(reportBranding)
    .where(
      and(
        eq(reportBranding.partnerId, partnerId),
        customerId
          ? or(isNull(reportBranding.customerId), eq(reportBranding.customerId, customerId))
          : isNull(reportBranding.customerId),
      ),
    );
  return {
    provider: rows.find((row) => row.customerId === null) ?? null,
    customer: customerId ? (rows.find((row) => row.customerId === customerId) ?? null) : null,
  };
}

/** The colours a customer's report is drawn in (its own, else the provider's), and both logos. */
export async function brandingFor(tx: Db, partnerId: string, customerId: string): Promise<ResolvedBranding> {
  const { provider, customer } = await brandingRows(tx, partnerId, customerId);
  const colours = customer ?? provider;
  const logoOf = (row: BrandingRow | null) =>
    row?.logo && row.logoType ? { bytes: row.logo, type: row.logoType } : null;
  return {
    primary: colours?.primaryColor ?? DEFAULT_BRANDING.primary,
    secondary: colours?.secondaryColor ?? DEFAULT_BRANDING.secondary,
    providerLogo: logoOf(provider),
    customerLogo: logoOf(customer),
  };
}
