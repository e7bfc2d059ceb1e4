import { outboundSettings } from '../../../config.ts';
import type { threatFeeds } from '../../../db/schema/index.ts';
import { guardedFetch } from '../../../platform/outbound/index.ts';
import type { FeedEntry, IndicatorKind } from './entry.ts';
import { mispManifestEvents, parseMispEvent } from './parse-misp.ts';
import { parseStixBundle } from './parse-stix.ts';
import { parseCsv, parseList } from './parse-text.ts';

export type Feed = typeof threatFeeds.$inferSelect;
export type FetchLike = (url: string, init?: { headers?: Record<string, string> }) => Promise<Response>;

/** A feed larger than this is refused rather than read into memory. */
export const MAX_FEED_BYTES = 64 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

/**
 * Feeds are fetched through the outbound guard: a feed's address (and where it redirects) is
 * data, so it never reaches an internal address OUTBOUND_ALLOW_HOSTS does not allow.
 */
export const feedFetcher =
  (settings = outboundSettings()): FetchLike =>
  (url, init) =>
    guardedFetch(url, init, { settings, timeoutMs: TIMEOUT_MS, maxBytes: MAX_FEED_BYTES });

async function download(fetcher: FetchLike, url: string): Promise<string> {
  const response = await fetcher(url, {
    headers: { accept: 'application/json, text/csv, text/plain;q=0.9, */*;q=0.5' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  return response.text();
}

function json(text: string, url: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url} is not JSON`);
  }
}

/** Downloads a feed and reads its entries in the feed's format (a MISP feed: the manifest, then each event). */
export async function fetchFeedEntries(feed: Feed, fetcher: FetchLike = feedFetcher()): Promise<FeedEntry[]> {
  const kind = (feed.kind as IndicatorKind | null) ?? null;
  switch (feed.format) {
    case 'list':
      return parseList(await download(fetcher, feed.url), kind);
    case 'csv':
      return parseCsv(await download(fetcher, feed.url), kind, feed.valueColumn);
    case 'stix':
      return parseStixBundle(json(await download(fetcher, feed.url), feed.url));
    case 'misp': {
      const events = mispManifestEvents(json(await download(fetcher, feed.url), feed.url));
      const entries: FeedEntry[] = [];
      for (const id of events) {
        const url = new URL(`${id}.json`, feed.url).href;
        entries.push(...parseMispEvent(json(await download(fetcher, url), url)));
      }
      return entries;
    }
    default:
      throw new Error(`unknown feed format ${feed.format}`);
  }
}
