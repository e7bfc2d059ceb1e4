/** Shared input patterns (spec 1, section 5; spec 2, section 5). */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(:\d{1,5})?$/;
const IPV6_BODY = /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i;

/** IPv4 or IPv6, with an optional port (IPv6 with a port is written [addr]:port). */
export function isIp(value: string): boolean {
  if (IPV4.test(value)) return true;
  const bracketed = /^\[([^\]]+)\](:\d{1,5})?$/.exec(value);
  const body = bracketed ? bracketed[1]! : value;
  return body.includes(':') && IPV6_BODY.test(body) && (body.match(/::/g)?.length ?? 0) <= 1;
}

export const URL_PATTERN = /^(https?:\/\/|www\.)[^\s/$.?#][^\s]*$/i;
export const isUrl = (value: string) => URL_PATTERN.test(value);

/** MD5, SHA-1 or SHA-256: 32, 40 or 64 hexadecimal characters. */
export const isFileHash = (value: string) => /^([0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/i.test(value);

/** International phone: a plus sign, then 2 to 15 digits, the first not 0. */
export const isPhone = (value: string) => /^\+[1-9]\d{1,14}$/.test(value);

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const isDomain = (value: string) => DOMAIN.test(value);

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);

export type IndicatorKind = 'ip' | 'domain' | 'file';

/** The omnibox threat lookup: input longer than 5 characters that is an IP, domain or file hash. */
export function indicatorKind(input: string): IndicatorKind | null {
  const value = input.trim();
  if (value.length <= 5) return null;
  if (isIp(value)) return 'ip';
  if (isFileHash(value)) return 'file';
  if (isDomain(value)) return 'domain';
  return null;
}
