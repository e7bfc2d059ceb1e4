import { asc, eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Config } from '../../config.ts';
import { threatFeeds } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handler, RequestOf, ResultOf } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { checkOutboundUrl } from '../../platform/outbound/index.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

type FeedRow = typeof threatFeeds.$inferSelect;
type Feed = ResultOf<'createThreatFeed'>;
type Fields = RequestOf<'updateThreatFeed'>['body'];

const present = (row: FeedRow): Feed => ({
  feed_id: row.id,
  name: row.name,
  url: row.url,
  format: row.format as Feed['format'],
  purpose: row.purpose as Feed['purpose'],
  kind: row.kind as Feed['kind'],
  value_column: row.valueColumn,
  risk: row.risk,
  threat_categories: row.threatCategories,
  retention_days: row.retentionDays,
  enabled: row.enabled,
  last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
  last_count: row.lastCount,
  last_error: row.lastError,
});

const columns = (body: Fields) => ({
  ...(body.name === undefined ? {} : { name: body.name.trim() }),
  ...(body.url === undefined ? {} : { url: body.url }),
  ...(body.kind === undefined ? {} : { kind: body.kind }),
  ...(body.value_column === undefined ? {} : { valueColumn: body.value_column }),
  ...(body.risk === undefined ? {} : { risk: body.risk }),
  ...(body.threat_categories === undefined ? {} : { threatCategories: body.threat_categories }),
  ...(body.retention_days === undefined ? {} : { retentionDays: body.retention_days }),
  ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
});

const nameTaken = (name: string) => conflict(`A feed named ${name} already exists.`);

/** A feed's address is refused when saved if it is, or resolves to, an internal address. */
async function requireOutboundUrl(request: { server: { config: Config } }, url: string | undefined) {
  if (url === undefined) return;
  const verdict = await checkOutboundUrl(url, { settings: request.server.config.outbound });
  if (!verdict.ok) throw badRequest('url', verdict.reason);
}

export const listThreatFeeds: Handler<'listThreatFeeds'> = async (request) => {
  const rows = await asCaller(request, (tx) => tx.select().from(threatFeeds).orderBy(asc(threatFeeds.name)));
  return { feeds: rows.map(present) };
};

export const createThreatFeed: Handler<'createThreatFeed'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  await requireOutboundUrl(request, body.url);
  const created = await asCaller(request, async (tx) => {
    const [row] = await tx
      .insert(threatFeeds)
      .values({
        format: body.format,
        purpose: body.purpose ?? 'indicators',
        url: body.url,
        name: body.name.trim(),
        ...columns(body),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw nameTaken(body.name.trim());
    await audit(tx, principal, {
      action: 'create',
      entity: 'threat_feed',
      entityId: row.id,
      after: present(row),
    });
    return row;
  });
  reply.status(201);
  return present(created);
};

export const updateThreatFeed: Handler<'updateThreatFeed'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  await requireOutboundUrl(request, request.body.url);
  const id = request.params.feed_id;
  return asCaller(request, async (tx) => {
    const [before] = await tx.select().from(threatFeeds).where(eq(threatFeeds.id, id)).for('update');
    if (!before) throw notFound(`Feed ${id}`);
    const name = request.body.name?.trim();
    if (name && name !== before.name) {
      const [taken] = await tx
        .select({ id: threatFeeds.id })
        .from(threatFeeds)
        .where(eq(threatFeeds.name, name));
      if (taken) throw nameTaken(name);
    }
    const [row] = await tx
      .update(threatFeeds)
      .set(columns(request.body))
      .where(eq(threatFeeds.id, id))
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'threat_feed',
      entityId: id,
      before: present(before),
      after: present(row!),
    });
    return present(row!);
  });
};
