import { isIP } from 'node:net';
import { OUTSIDE_CALENDAR, withinCalendar } from '../../../common/calendar.ts';
import { badRequest } from '../../errors.ts';
import { dayOf } from './partitions.ts';
import { findSource } from './sources.ts';

/** One event as stored: the common fields extracted, the whole event kept as it came. */
export interface EventRow {
  time: Date;
  source: string;
  host: string | null;
  src_ip: string | null;
  dst_ip: string | null;
  user_name: string | null;
  event_id: number | null;
  severity: string | null;
  message: string | null;
  raw: Record<string, unknown>;
  raw_bytes: number;
}

/** Where each common field is found in events of different shippers (flat names, ECS, Windows). */
const PATHS = {
  time: ['@timestamp', 'timestamp', 'time', 'TimeCreated'],
  host: ['host', 'host.name', 'hostname', 'Computer'],
  src_ip: ['src_ip', 'source.ip', 'IpAddress', 'client_ip'],
  dst_ip: ['dst_ip', 'destination.ip'],
  user: ['user', 'user.name', 'TargetUserName', 'username'],
  event_id: ['event_id', 'EventID', 'event.code'],
  severity: ['severity', 'log.level', 'level'],
  message: ['message', 'msg', 'Message'],
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/** The first scalar found at one of the paths, and that path: a flat key as written, else the nested path. */
function found(
  event: Record<string, unknown>,
  paths: readonly string[],
): { path: string; value: unknown } | null {
  for (const path of paths) {
    if (isScalar(event[path])) return { path, value: event[path] };
    let value: unknown = event;
    for (const part of path.split('.')) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (isScalar(value)) return { path, value };
  }
  return null;
}

const pick = (event: Record<string, unknown>, paths: readonly string[]): unknown =>
  found(event, paths)?.value;

const text = (value: unknown, max = 1024): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : null;

const ip = (value: unknown): string | null => (typeof value === 'string' && isIP(value) ? value : null);

function integer(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : null;
}

/**
 * The event's time: a number of seconds or milliseconds since the epoch (whichever is plausible),
 * or a date string. A string that is no date, or one before 1971 (an unset clock), gives way to
 * the arrival time; a time outside the calendar the store can hold is `outside`.
 */
function instant(value: unknown, received: Date): Date | 'outside' {
  if (typeof value === 'number') {
    const date = new Date(value < 1e11 ? value * 1000 : value);
    return withinCalendar(date) ? date : 'outside';
  }
  if (typeof value === 'string') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return received;
    if (!withinCalendar(date)) return 'outside';
    if (date.getUTCFullYear() > 1970) return date;
  }
  return received;
}

/**
 * Where a refused event is named in a 400 (`events[3]`); without it, as for syslog, whose
 * messages are never answered one by one, an impossible time gives way to the arrival time.
 */
export interface EventPlace {
  refuseAt?: string;
}

/**
 * An incoming event as a row: its own `source` when that is a known source, else the token's.
 * Events without a usable time are stamped with their arrival; one whose time no day can hold is
 * refused (HTTP ingest) or stamped with its arrival too (syslog). Null characters are dropped from
 * the raw event, which PostgreSQL cannot store in jsonb text.
 */
export function normaliseEvent(
  event: Record<string, unknown>,
  fallbackSource: string,
  received: Date,
  place: EventPlace = {},
): EventRow {
  // JSON writes a null character as \u0000: only events with one take the slower replacer pass.
  let json = JSON.stringify(event);
  // Lone surrogates (written \udxxx) are no text PostgreSQL can store either: they become U+FFFD.
  if (json.includes('\\u0000') || /\\ud[89a-f]/i.test(json))
    json = JSON.stringify(event, (_key, value) =>
      typeof value === 'string' ? value.replaceAll('\0', '').replace(LONE_SURROGATE, '\ufffd') : value,
    );
  const raw = JSON.parse(json) as Record<string, unknown>;
  const named = text(raw.source);
  const stamp = found(raw, PATHS.time);
  let time = instant(stamp?.value, received);
  if (time === 'outside') {
    if (place.refuseAt) throw badRequest(`${place.refuseAt}.${stamp!.path}`, OUTSIDE_CALENDAR);
    time = received;
  }
  return {
    time,
    source: named && findSource(named) ? named : fallbackSource,
    host: text(pick(raw, PATHS.host), 255),
    src_ip: ip(pick(raw, PATHS.src_ip)),
    dst_ip: ip(pick(raw, PATHS.dst_ip)),
    user_name: text(pick(raw, PATHS.user), 255),
    event_id: integer(pick(raw, PATHS.event_id)),
    severity: text(pick(raw, PATHS.severity), 32)?.toLowerCase() ?? null,
    message: text(pick(raw, PATHS.message), 32_768),
    raw,
    raw_bytes: Buffer.byteLength(json),
  };
}

export function daysOf(rows: readonly EventRow[]): Set<string> {
  return new Set(rows.map((row) => dayOf(row.time)));
}
