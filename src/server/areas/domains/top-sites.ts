import { readFile, stat } from 'node:fs/promises';

/**
 * A top-sites list read from a local file (TOP_SITES_FILE), so popularity needs no network: the
 * Tranco list's CSV (`rank,domain` a line), or plain names one a line (the line is the rank).
 * Read once and kept until the file changes.
 */
let cached: { path: string; mtimeMs: number; ranks: Map<string, number> } | undefined;

export function parseTopSites(text: string): Map<string, number> {
  const ranks = new Map<string, number>();
  let line = 0;
  for (const raw of text.split(/\r?\n/)) {
    const entry = raw.trim();
    if (!entry || entry.startsWith('#')) continue;
    line++;
    const [first, second] = entry.split(',').map((part) => part.trim());
    const ranked = second !== undefined && /^\d+$/.test(first ?? '');
    const name = (ranked ? second : first)?.toLowerCase().replace(/\.$/, '');
    const rank = ranked ? Number(first) : line;
    // The first (best) rank of a name wins; a header row such as `rank,domain` names nothing.
    if (name?.includes('.') && rank > 0 && !ranks.has(name)) ranks.set(name, rank);
  }
  return ranks;
}

/** The ranks of the list at `path`; an empty map when no list is configured. A missing file is an error. */
export async function topSiteRanks(path: string | undefined): Promise<Map<string, number>> {
  if (!path) return new Map();
  const { mtimeMs } = await stat(path);
  if (cached?.path === path && cached.mtimeMs === mtimeMs) return cached.ranks;
  const ranks = parseTopSites(await readFile(path, 'utf8'));
  cached = { path, mtimeMs, ranks };
  return ranks;
}
