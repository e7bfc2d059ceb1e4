import { and, eq } from 'drizzle-orm';
import { isDomain, isFileHash, isIp } from '../../../common/patterns.ts';
import { threatIndicators } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller } from '../../plugins/auth.ts';

const VALID = { ip: isIp, domain: isDomain, file: isFileHash } as const;

export const lookupThreat: Handler<'lookupThreat'> = async (request) => {
  const { kind } = request.params;
  const value = kind === 'ip' ? request.params.value : request.params.value.toLowerCase();
  if (!VALID[kind](value))
    throw badRequest('value', `is not a valid ${kind === 'file' ? 'file hash' : kind}`);
  const [row] = await asCaller(request, (tx) =>
    tx
      .select()
      .from(threatIndicators)
      .where(and(eq(threatIndicators.kind, kind), eq(threatIndicators.value, value))),
  );
  if (!row) {
    return {
      kind,
      value,
      risk: 0,
      det: 'U',
      country: null,
      registrant_organization: null,
      popularity: null,
      threat_categories: [],
      malware_group: null,
    };
  }
  return {
    kind,
    value,
    risk: row.risk,
    det: row.det === 'B' || row.det === 'G' ? row.det : 'U',
    country: row.country,
    registrant_organization: row.registrantOrganization,
    popularity: row.popularity,
    threat_categories: row.threatCategories,
    malware_group: row.malwareGroup,
  };
};
