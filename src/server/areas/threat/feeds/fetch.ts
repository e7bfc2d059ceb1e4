import type { threatFeeds } from '../../../db/schema/index.ts';
import type { FeedEntry, IndicatorKind } from './entry.ts';
import { mispManifestEvents, parseMispEvent } from './parse-misp.ts';
import { parseStixBundle } from './parse-stix.ts';
import { parseCsv, parseList } from './parse-text.ts';

export type Feed = typeof threatFeeds.$inferSelect;
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** A feed larger than this is refused rather than read into memory. */
export const MAX_FEED_BYTES = 64 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

async function download(fetcher: FetchLike, url: string): Promise<string> {
  const response = await fetcher(url, {
    headers: { accept: 'application/json, text/csv, text/plain;q=0.9, */*;q=0.5' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_FEED_BYTES) throw new Error(`${url} is larger than ${MAX_FEED_BYTES} bytes`);
  const text = await response.text();
  if (text.length > MAX_FEED_BYTES) throw new Error(`${url} is larger than ${MAX_FEED_BYTES} bytes`);
  return text;
}

function json(text: string, url: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url} is not JSON`);
  }
}

/** Downloads a feed and reads its entries in the feed's format (a MISP feed: the manifest, then each event). */
export async function fetchFeedEntries(feed: Feed, fetcher: FetchLike = fetch): Promise<FeedEntry[]> {
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
