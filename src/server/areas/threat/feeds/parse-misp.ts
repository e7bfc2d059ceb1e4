import { entryOf, type FeedEntry, type IndicatorKind } from './entry.ts';

/** MISP attribute types the store keeps, and the kind of indicator each holds. */
const ATTRIBUTE_KINDS: Record<string, IndicatorKind> = {
  'ip-src': 'ip',
  'ip-dst': 'ip',
  'ip-src|port': 'ip',
  'ip-dst|port': 'ip',
  domain: 'domain',
  hostname: 'domain',
  'domain|ip': 'domain',
  md5: 'file',
  sha1: 'file',
  sha256: 'file',
  'filename|md5': 'file',
  'filename|sha1': 'file',
  'filename|sha256': 'file',
};

/** MISP threat levels (1 high … 4 undefined) as risk; undefined keeps the feed's own risk. */
const LEVEL_RISK: Record<string, number> = { '1': 90, '2': 70, '3': 50 };

interface MispAttribute {
  type?: string;
  value?: string;
  category?: string;
  to_ids?: boolean | string;
  deleted?: boolean | string;
}
interface MispEvent {
  info?: string;
  threat_level_id?: string | number;
  Tag?: { name?: string }[];
  Attribute?: MispAttribute[];
  Object?: { Attribute?: MispAttribute[] }[];
}

/** The event ids a MISP feed's manifest.json lists. */
export function mispManifestEvents(manifest: unknown): string[] {
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest))
    throw new Error('a MISP manifest is an object keyed by event uuid');
  return Object.keys(manifest).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
}

const truthy = (value: unknown) => value === true || value === '1' || value === 1;

/** The value of a composite attribute (`filename|md5`, `ip-dst|port`) that is the indicator. */
function indicatorPart(type: string, value: string): string {
  if (!type.includes('|')) return value;
  const [first, second] = value.split('|');
  return type.startsWith('filename|') ? (second ?? '') : (first ?? '');
}

/** The `to_ids` attributes of one MISP event (`{ Event: … }`), with its threat level and malware tag. */
export function parseMispEvent(document: unknown): FeedEntry[] {
  const event = (document as { Event?: MispEvent } | null)?.Event;
  if (!event || typeof event !== 'object') throw new Error('a MISP event document has an Event object');
  const risk = LEVEL_RISK[String(event.threat_level_id ?? '')];
  const tags = (event.Tag ?? []).map((t) => t.name ?? '');
  const malware = tags
    .map((t) => /^misp-galaxy:(?:malpedia|ransomware|banker|tool)="([^"]+)"$/.exec(t)?.[1])
    .find(Boolean);
  const attributes = [...(event.Attribute ?? []), ...(event.Object ?? []).flatMap((o) => o.Attribute ?? [])];
  const entries: FeedEntry[] = [];
  for (const attribute of attributes) {
    const kind = ATTRIBUTE_KINDS[attribute.type ?? ''];
    if (!kind || !attribute.value || !truthy(attribute.to_ids) || truthy(attribute.deleted)) continue;
    const entry = entryOf(indicatorPart(attribute.type!, attribute.value), kind, {
      ...(risk === undefined ? {} : { risk }),
      threatCategories: attribute.category ? [attribute.category] : [],
      malwareGroup: malware ?? null,
    });
    if (entry) entries.push(entry);
  }
  return entries;
}
