import { and, eq, ne, sql } from 'drizzle-orm';
import { threatFeeds, threatIndicators, threatWarningList } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { warningListed } from '../warning-list.ts';
import type { FeedEntry } from './entry.ts';
import { type Feed, type FetchLike, feedFetcher, fetchFeedEntries } from './fetch.ts';

const CHUNK = 500;
const DAY_MS = 86_400_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** One entry per kind and value: the first a feed states wins. */
function dedupe(entries: readonly FeedEntry[]): FeedEntry[] {
  const seen = new Map<string, FeedEntry>();
  for (const entry of entries) {
    const key = `${entry.kind} ${entry.value}`;
    if (!seen.has(key)) seen.set(key, entry);
  }
  return [...seen.values()];
}

export interface StoredFeed {
  stored: number;
  /** Entries a warning list names as known good, so not flagged. */
  warned: number;
  /** Entries whose own expiry had already passed. */
  expired: number;
}

/**
 * Merges a feed's entries into the store: bad verdicts with the feed's risk, seen now, expiring
 * the feed's retention after now (or at the entry's own expiry). Staff entries (`manual`) are
 * never overwritten by a feed, and values on a warning list are not stored at all.
 */
export async function storeIndicators(db: Db, feed: Feed, entries: readonly FeedEntry[], now: Date) {
  const result: StoredFeed = { stored: 0, warned: 0, expired: 0 };
  const fresh = dedupe(entries).filter((e) => {
    const past = e.expiresAt && e.expiresAt <= now;
    if (past) result.expired++;
    return !past;
  });
  const retained = new Date(now.getTime() + feed.retentionDays * DAY_MS);
  for (const chunk of chunks(fresh)) {
    const listed = await warningListed(db, chunk);
    const rows = chunk
      .filter((e) => !listed.has(`${e.kind} ${e.value}`))
      .map((e) => ({
        kind: e.kind,
        value: e.value,
        det: 'B',
        risk: Math.max(0, Math.min(100, e.risk ?? feed.risk)),
        threatCategories: e.threatCategories?.length ? e.threatCategories : feed.threatCategories,
        malwareGroup: e.malwareGroup ?? null,
        source: feed.name,
        firstSeen: now,
        lastSeen: now,
        expiresAt: e.expiresAt ?? retained,
        updatedAt: now,
      }));
    result.warned += chunk.length - rows.length;
    if (rows.length === 0) continue;
    const stored = await db
      .insert(threatIndicators)
      .values(rows)
      .onConflictDoUpdate({
        target: [threatIndicators.kind, threatIndicators.value],
        set: {
          det: sql`excluded.det`,
          risk: sql`excluded.risk`,
          threatCategories: sql`excluded.threat_categories`,
          malwareGroup: sql`coalesce(excluded.malware_group, ${threatIndicators.malwareGroup})`,
          source: sql`excluded.source`,
          lastSeen: sql`excluded.last_seen`,
          expiresAt: sql`excluded.expires_at`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: ne(threatIndicators.source, 'manual'),
      })
      .returning({ value: threatIndicators.value });
    result.stored += stored.length;
  }
  return result;
}

/** Replaces a warning list feed's entries with what it lists now. */
export async function storeWarningList(db: Db, feed: Feed, entries: readonly FeedEntry[], now: Date) {
  const fresh = dedupe(entries);
  await db.transaction(async (tx) => {
    await tx.delete(threatWarningList).where(eq(threatWarningList.list, feed.name));
    for (const chunk of chunks(fresh)) {
      await tx
        .insert(threatWarningList)
        .values(chunk.map((e) => ({ kind: e.kind, value: e.value, list: feed.name, createdAt: now })))
        .onConflictDoNothing();
    }
  });
  return fresh.length;
}

export interface FeedRun {
  feed: string;
  count: number;
  error: string | null;
}

/** Fetches every enabled feed (warning lists first, so this run's indicators already respect them). */
export async function fetchAllFeeds(
  db: Db,
  fetcher: FetchLike = feedFetcher(),
  now = new Date(),
): Promise<FeedRun[]> {
  const feeds = await db
    .select()
    .from(threatFeeds)
    .where(eq(threatFeeds.enabled, true))
    .orderBy(sql`${threatFeeds.purpose} = 'indicators'`, threatFeeds.name);
  const runs: FeedRun[] = [];
  for (const feed of feeds) {
    try {
      const entries = await fetchFeedEntries(feed, fetcher);
      const count =
        feed.purpose === 'warning'
          ? await storeWarningList(db, feed, entries, now)
          : (await storeIndicators(db, feed, entries, now)).stored;
      await db
        .update(threatFeeds)
        .set({ lastFetchedAt: now, lastCount: count, lastError: null })
        .where(and(eq(threatFeeds.id, feed.id)));
      runs.push({ feed: feed.name, count, error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.update(threatFeeds).set({ lastError: message }).where(eq(threatFeeds.id, feed.id));
      runs.push({ feed: feed.name, count: 0, error: message });
    }
  }
  return runs;
}
