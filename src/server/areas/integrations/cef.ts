/** A CEF or LEEF event: its header and its attributes. */
export interface SecurityEvent {
  format: 'cef' | 'leef';
  vendor: string;
  product: string;
  version: string;
  eventId: string;
  name: string;
  /** 0–10 (CEF's scale; LEEF's `sev` is the same range). */
  severity: number;
  attributes: Record<string, string>;
}

/** Splits a header on unescaped pipes, unescaping `\|` and `\\`. */
function headerFields(text: string, count: number): { fields: string[]; rest: string } | null {
  const fields: string[] = [];
  let current = '';
  let i = 0;
  for (; i < text.length && fields.length < count; i++) {
    const c = text[i]!;
    if (c === '\\' && (text[i + 1] === '|' || text[i + 1] === '\\')) {
      current += text[++i];
    } else if (c === '|') {
      fields.push(current);
      current = '';
    } else current += c;
  }
  return fields.length === count ? { fields, rest: text.slice(i) } : null;
}

const CEF_SEVERITY: Record<string, number> = { low: 2, medium: 5, high: 8, 'very-high': 10, unknown: 0 };

function severityOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (Number.isFinite(n) && value.trim() !== '') return Math.max(0, Math.min(10, Math.round(n)));
  return CEF_SEVERITY[value.trim().toLowerCase()] ?? 0;
}

/** CEF extension: `key=value` pairs, values running to the next unescaped ` key=`; `\=`, `\\`, `\n` unescaped. */
function cefExtension(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  // A key starts the text or follows a space; `\=` inside a value never ends a key (no backslash in keys).
  const keys = [...text.matchAll(/([A-Za-z0-9_.[\]-]+)=/g)].filter(
    (m) => m.index === 0 || text[m.index! - 1] === ' ',
  );
  for (let k = 0; k < keys.length; k++) {
    const match = keys[k]!;
    const start = match.index! + match[0].length;
    const end = k + 1 < keys.length ? keys[k + 1]!.index! : text.length;
    attributes[match[1]!] = text
      .slice(start, end)
      .trim()
      .replace(/\\([=\\])/g, '$1')
      .replace(/\\n/g, '\n')
      .replace(/\\r/g, '\r');
  }
  return attributes;
}

/** LEEF attributes: `key=value` separated by the delimiter (tab unless LEEF 2.0 names one). */
function leefAttributes(text: string, delimiter: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of text.split(delimiter)) {
    const eq = pair.indexOf('=');
    if (eq > 0) attributes[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
  }
  return attributes;
}

/** LEEF 2.0's delimiter: one character, or `xHH`/`0xHH` hex. */
function leefDelimiter(spec: string): string {
  const hex = /^(?:0?x)([0-9a-f]{1,4})$/i.exec(spec);
  if (hex) return String.fromCharCode(Number.parseInt(hex[1]!, 16));
  return spec.length === 1 ? spec : '\t';
}

/** Parses a CEF or LEEF message (anywhere in the syslog message body); null for anything else. */
export function parseSecurityEvent(message: string): SecurityEvent | null {
  const cefAt = message.indexOf('CEF:');
  const leefAt = message.indexOf('LEEF:');
  if (cefAt >= 0 && (leefAt < 0 || cefAt < leefAt)) {
    const header = headerFields(message.slice(cefAt + 4), 7);
    if (!header) return null;
    const [, vendor, product, version, eventId, name, severity] = header.fields as [string, ...string[]];
    return {
      format: 'cef',
      vendor: vendor!,
      product: product!,
      version: version!,
      eventId: eventId!,
      name: name!,
      severity: severityOf(severity),
      attributes: cefExtension(header.rest),
    };
  }
  if (leefAt >= 0) {
    const body = message.slice(leefAt + 5);
    const v2 = body.startsWith('2.0|');
    const header = headerFields(body, v2 ? 6 : 5);
    if (!header) return null;
    const [, vendor, product, version, eventId, delimiter] = header.fields as [string, ...string[]];
    const attributes = leefAttributes(header.rest, v2 ? leefDelimiter(delimiter ?? '') : '\t');
    return {
      format: 'leef',
      vendor: vendor!,
      product: product!,
      version: version!,
      eventId: eventId!,
      name: attributes.name ?? attributes.msg ?? eventId!,
      severity: severityOf(attributes.sev),
      attributes,
    };
  }
  return null;
}

/** CEF severity bands (ArcSight's): 0–3 low, 4–6 medium, 7–8 high, 9–10 critical. */
export function priorityOf(severity: number): 'low' | 'medium' | 'high' | 'critical' {
  if (severity >= 9) return 'critical';
  if (severity >= 7) return 'high';
  if (severity >= 4) return 'medium';
  return 'low';
}
