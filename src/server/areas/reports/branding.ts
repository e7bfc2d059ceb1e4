import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { reportBranding } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../errors.ts';
import type { Handler, ResultOf } from '../../platform/handler.ts';
import { isStaff } from '../../platform/permissions.ts';
import { requireVisibleCustomer } from '../../platform/scope.ts';
import { fileTooLarge } from '../../platform/upload.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { azureGroupsOfCustomers } from '../integrations/index.ts';
import { brandingRows, DEFAULT_BRANDING } from './branding-store.ts';
import { contrastWarnings, HEX_COLOUR } from './contrast.ts';
import { checkedLogo, LOGO_MAX_BYTES } from './logo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose branding `id` names: the caller's provider (its partner id) or one of the customers the
 * caller may see (else 404). Changing the provider's is for staff.
 */
function ownerOf(principal: Principal, id: string, changing: boolean): string | null {
  if (id === principal.user.partnerId) {
    if (changing && !isStaff(principal))
      throw forbidden("Only provider staff can change the provider's branding.");
    return null;
  }
  requireVisibleCustomer(principal, id);
  return id;
}

function present(
  id: string,
  customerId: string | null,
  shown: { primaryColor: string; secondaryColor: string; logoType: string | null; updatedAt: Date | null },
  inherited: boolean,
) {
  return {
    id,
    owner: customerId ? ('customer' as const) : ('provider' as const),
    inherited,
    primary_color: shown.primaryColor,
    secondary_color: shown.secondaryColor,
    logo_type: shown.logoType as 'image/png' | 'image/svg+xml' | null,
    warnings: contrastWarnings(shown.primaryColor, shown.secondaryColor),
    updated_at: shown.updatedAt?.toISOString() ?? null,
  };
}

const DEFAULT_SHOWN = {
  primaryColor: DEFAULT_BRANDING.primary,
  secondaryColor: DEFAULT_BRANDING.secondary,
  logoType: null,
  updatedAt: null,
};

export const getReportBranding: Handler<'getReportBranding'> = async (request) => {
  const principal = principalOf(request);
  const customerId = ownerOf(principal, request.query.id, false);
  const rows = await asCaller(request, (tx) => brandingRows(tx, principal.user.partnerId, customerId));
  const own = customerId ? rows.customer : rows.provider;
  return present(request.query.id, customerId, own ?? rows.provider ?? DEFAULT_SHOWN, !own);
};

export const getReportBrandingLogo: Handler<'getReportBrandingLogo'> = async (request, reply) => {
  const principal = principalOf(request);
  const customerId = ownerOf(principal, request.query.id, false);
  const rows = await asCaller(request, (tx) => brandingRows(tx, principal.user.partnerId, customerId));
  const own = customerId ? rows.customer : rows.provider;
  if (!own?.logo || !own.logoType) throw notFound('The logo');
  // Served as an image only: nothing in it may run even if opened on its own.
  reply
    .type(own.logoType)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff');
  return own.logo as unknown as ResultOf<'getReportBrandingLogo'>;
};

/** The form's fields and its one file `logo`, the file at most LOGO_MAX_BYTES (413 past it). */
async function readBrandingForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let logo: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 10 },
    })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else {
        const file = part.file as Readable & { truncated?: boolean };
        const chunks: Buffer[] = [];
        let received = 0;
        for await (const chunk of file as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received <= LOGO_MAX_BYTES) chunks.push(chunk);
        }
        if (part.fieldname !== 'logo')
          throw badRequest(part.fieldname, 'is not a field of this form: send the image as "logo"');
        if (file.truncated || received > LOGO_MAX_BYTES) throw fileTooLarge('logo', LOGO_MAX_BYTES);
        if (received > 0) logo = Buffer.concat(chunks, received);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('body', `could not be read as a form: ${(error as Error).message}`);
  }
  return { fields, logo };
}

export const setReportBranding: Handler<'setReportBranding'> = async (request) => {
  const principal = principalOf(request);
  if (!request.isMultipart()) throw badRequest('body', 'send the branding as multipart/form-data');
  const { fields, logo } = await readBrandingForm(request);
  const id = fields.id?.trim() ?? '';
  if (!UUID.test(id)) throw badRequest('id', "must be the provider's or a customer's id");
  const customerId = ownerOf(principal, id, true);
  for (const field of ['primary_color', 'secondary_color'])
    if (!HEX_COLOUR.test(fields[field]?.trim() ?? ''))
      throw badRequest(field, 'must be a colour like #1d4ed8');
  const primaryColor = fields.primary_color!.trim().toLowerCase();
  const secondaryColor = fields.secondary_color!.trim().toLowerCase();
  const image = logo ? checkedLogo(logo) : null;
  const row = await asCaller(request, async (tx) => {
    const { provider, customer } = await brandingRows(tx, principal.user.partnerId, customerId);
    const before = customerId ? customer : provider;
    const values = {
      primaryColor,
      secondaryColor,
      ...(image && { logo: image.bytes, logoType: image.type }),
      updatedAt: new Date(),
    };
    const [saved] = before
      ? await tx.update(reportBranding).set(values).where(eq(reportBranding.id, before.id)).returning()
      : await tx
          .insert(reportBranding)
          .values({ ...values, partnerId: principal.user.partnerId, customerId })
          .returning();
    await audit(tx, principal, {
      action: before ? 'update' : 'create',
      entity: 'report_branding',
      entityId: saved!.id,
      customerId,
      ...(before && {
        before: { primary_color: before.primaryColor, secondary_color: before.secondaryColor },
      }),
      after: {
        primary_color: primaryColor,
        secondary_color: secondaryColor,
        logo: image?.type ?? before?.logoType ?? null,
      },
    });
    return saved!;
  });
  return present(id, customerId, row, false);
};

export const deleteReportBranding: Handler<'deleteReportBranding'> = async (request, reply) => {
  const principal = principalOf(request);
  const customerId = ownerOf(principal, request.query.id, true);
  await asCaller(request, async (tx) => {
    const [removed] = await tx
      .delete(reportBranding)
      .where(
        and(
          eq(reportBranding.partnerId, principal.user.partnerId),
          customerId ? eq(reportBranding.customerId, customerId) : isNull(reportBranding.customerId),
        ),
      )
      .returning();
    if (!removed) throw notFound('Branding');
    await audit(tx, principal, {
      action: 'delete',
      entity: 'report_branding',
      entityId: removed.id,
      customerId,
      before: { primary_color: removed.primaryColor, secondary_color: removed.secondaryColor },
    });
  });
  reply.status(204);
  return undefined;
};

/** Azure groups come from the Microsoft integration: the tenants it maps to the customers asked for. */
export const listReportAzureGroups: Handler<'listReportAzureGroups'> = async (request) =>
  azureGroupsOfCustomers(request, request.query.customer_ids);
