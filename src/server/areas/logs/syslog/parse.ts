import parseSyslogLine from 'nsyslog-parser';

/** A syslog message as an event to store, and the ingest token its structured data carried. */
export interface SyslogEvent {
  event: Record<string, unknown>;
  token: string | null;
}

/** Clocks of senders drift; a time further ahead than this is taken as a wrong year (RFC 3164). */
const FUTURE_SLACK_MS = 86_400_000;

/**
 * Parses RFC 5424 and RFC 3164 messages (nsyslog-parser). Structured data becomes an object per
 * SD-ID; a `token` parameter is an ingest token naming the customer and is never stored.
 */
export function parseSyslog(text: string, received: Date): SyslogEvent {
  const parsed = parseSyslogLine(text);
  let token: string | null = null;
  const structured: Record<string, Record<string, string>> = {};
  for (const element of parsed.structuredData ?? []) {
    const { $id, ...params } = element;
    if (typeof params.token === 'string') {
      token ??= params.token;
      delete params.token;
    }
    if (Object.keys(params).length > 0) structured[$id] = params;
  }
  const time = parsed.ts ? new Date(parsed.ts) : null;
  const usable =
    time && !Number.isNaN(time.getTime()) && time.getTime() < received.getTime() + FUTURE_SLACK_MS;
  const dash = (value: string | undefined) => (value && value !== '-' ? value : undefined);
  const event: Record<string, unknown> = {
    '@timestamp': (usable ? time : received).toISOString(),
    host: dash(parsed.host),
    app_name: dash(parsed.appName),
    pid: dash(parsed.pid),
    msgid: dash(parsed.messageid),
    facility: parsed.facility,
    severity: parsed.level,
    message: parsed.message ?? text,
    syslog_format: parsed.type === 'RFC5424' ? 'rfc5424' : 'rfc3164',
  };
  if (Object.keys(structured).length > 0) event.structured_data = structured;
  for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
  return { event, token };
}
