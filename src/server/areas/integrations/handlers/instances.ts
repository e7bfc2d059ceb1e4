import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import { integrationHostMappings, integrationMappings, integrations } from '../../../db/schema/index.ts';
import { badRequest, conflict } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { KINDS, kindOf } from '../kinds/index.ts';
import { presentIntegration, presentKind } from '../present.ts';
import { secretBoxOf } from '../secrets.ts';
import { applySettings } from '../settings.ts';
import { loadIntegration, mappingCounts, secretsByIds, secretsOf, VISIBLE } from '../store.ts';
import { validateSettings } from '../validate.ts';

/** What the audit trail keeps of settings: the values, and of secrets only their names. */
const audited = (settings: Record<string, unknown>, secrets: Record<string, string>) => ({
  settings,
  secrets_set: Object.keys(secrets)
    .filter((name) => !name.startsWith('_'))
    .sort(),
});

export const listIntegrationKinds: Handler<'listIntegrationKinds'> = async () => ({
  kinds: KINDS.map(presentKind),
});

export const listIntegrations: Handler<'listIntegrations'> = async (request) => {
  const { rows, counts } = await asCaller(request, async (tx) => {
    const rows = await tx.select(VISIBLE).from(integrations).orderBy(integrations.name, integrations.id);
    return {
      rows,
      counts: await mappingCounts(
        tx,
        rows.map((row) => row.id),
      ),
    };
  });
  const secrets = await secretsByIds(
    request,
    rows.map((row) => row.id),
  );
  return {
    integrations: rows.map((row) =>
      presentIntegration(row, secrets.get(row.id) ?? {}, counts.get(row.id) ?? 0),
    ),
  };
};

export const getIntegration: Handler<'getIntegration'> = async (request) => {
  const { row, n } = await asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id);
    return { row, n: (await mappingCounts(tx, [row.id])).get(row.id) ?? 0 };
  });
  return presentIntegration(row, await secretsOf(request, row), n);
};

export const createIntegration: Handler<'createIntegration'> = async (request, reply) => {
  const principal = principalOf(request);
  const { kind: kindName, name, settings, secrets } = request.body;
  const kind = kindOf(kindName);
  if (!kind) throw badRequest('kind', `must be one of ${KINDS.map((k) => k.kind).join(', ')}`);
  const applied = applySettings(kind, { settings: {}, secrets: {} }, { settings, secrets }, true);
  // A syslog instance gets the key its customers' tokens are derived from; nobody types it.
  if (kind.kind === 'syslog_cef') applied.secrets._syslog_key = randomBytes(32).toString('base64url');
  const box = await secretBoxOf(request.server.db, request.server.config.secretsKey);
  const row = await asCaller(request, async (tx) => {
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(integrations)
      .values({
        id,
        partnerId: principal.user.partnerId,
        kind: kind.kind,
        name: name.trim(),
        settings: applied.settings,
        secrets: box.seal(applied.secrets, id),
        createdBy: principal.user.contactId,
      })
      .returning(VISIBLE);
    await audit(tx, principal, {
      action: 'create',
      entity: 'integration',
      entityId: id,
      after: { kind: kind.kind, name: row!.name, ...audited(applied.settings, applied.secrets) },
    });
    return row!;
  });
  reply.code(201);
  return presentIntegration(row, applied.secrets, 0);
};

export const updateIntegration: Handler<'updateIntegration'> = async (request) => {
  const principal = principalOf(request);
  const box = await secretBoxOf(request.server.db, request.server.config.secretsKey);
  // The credentials are read before the transaction (system connection; PGlite has one), and the
  // save is refused if the row changed in between, so two saves never start from the same ones.
  const sealed = await secretsOf(request, { id: request.params.id });
  const [stamp] = await request.server.db
    .select({ updatedAt: integrations.updatedAt })
    .from(integrations)
    .where(eq(integrations.id, request.params.id));
  const { row, n, secrets } = await asCaller(request, async (tx) => {
    const before = await loadIntegration(tx, request.params.id, true);
    const kind = kindOf(before.kind);
    if (!kind)
      throw badRequest('id', `is a ${before.kind} integration, which this console does not configure`);
    if (stamp?.updatedAt.getTime() !== before.updatedAt.getTime())
      throw conflict('The integration changed while it was being saved: open it again.');
    const current = { settings: before.settings, secrets: sealed };
    const applied = applySettings(kind, current, request.body);
    const changed =
      JSON.stringify(applied.settings) !== JSON.stringify(before.settings) ||
      JSON.stringify(applied.secrets) !== JSON.stringify(current.secrets);
    const [row] = await tx
      .update(integrations)
      .set({
        name: request.body.name?.trim() ?? before.name,
        settings: applied.settings,
        secrets: box.seal(applied.secrets, before.id),
        // Changed settings are unproven until validated again.
        validatedAt: changed ? null : before.validatedAt,
        updatedAt: new Date(),
      })
      .where(eq(integrations.id, before.id))
      .returning(VISIBLE);
    await audit(tx, principal, {
      action: 'update',
      entity: 'integration',
      entityId: before.id,
      before: { name: before.name, ...audited(before.settings, current.secrets) },
      after: { name: row!.name, ...audited(applied.settings, applied.secrets) },
    });
    return {
      row: row!,
      n: (await mappingCounts(tx, [before.id])).get(before.id) ?? 0,
      secrets: applied.secrets,
    };
  });
  return presentIntegration(row, secrets, n);
};

export const deleteIntegration: Handler<'deleteIntegration'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id, true);
    await tx.delete(integrationMappings).where(eq(integrationMappings.integrationId, row.id));
    await tx.delete(integrationHostMappings).where(eq(integrationHostMappings.integrationId, row.id));
    await tx.delete(integrations).where(eq(integrations.id, row.id));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'integration',
      entityId: row.id,
      before: { kind: row.kind, name: row.name, settings: row.settings },
    });
  });
  reply.code(204);
  return undefined;
};

export const validateIntegration: Handler<'validateIntegration'> = async (request) => {
  const principal = principalOf(request);
  const row = await asCaller(request, (tx) => loadIntegration(tx, request.params.id));
  const kind = kindOf(row.kind);
  if (!kind) throw badRequest('id', `is a ${row.kind} integration, which this console does not configure`);
  const secrets = await secretsOf(request, row);
  // The connection test runs outside any transaction: a slow host must not hold a lock.
  const outcome = await validateSettings(
    kind,
    { settings: row.settings, secrets },
    request.server.config.outbound,
  );
  const { updated, n } = await asCaller(request, async (tx) => {
    const current = await loadIntegration(tx, row.id, true);
    // Settings saved while the test ran were not the ones tested.
    const same = current.updatedAt.getTime() === row.updatedAt.getTime();
    const [updated] = await tx
      .update(integrations)
      .set({ validatedAt: outcome.valid && same ? new Date() : null })
      .where(eq(integrations.id, row.id))
      .returning(VISIBLE);
    await audit(tx, principal, {
      action: 'validate',
      entity: 'integration',
      entityId: row.id,
      after: { valid: outcome.valid, message: outcome.message, issues: outcome.issues },
    });
    return { updated: updated!, n: (await mappingCounts(tx, [row.id])).get(row.id) ?? 0 };
  });
  return { ...outcome, integration: presentIntegration(updated, secrets, n) };
};
