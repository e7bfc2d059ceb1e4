/** Shared input patterns (spec 1, section 5; spec 2, section 5). */

import ipaddr from 'ipaddr.js';

const PORT = /^:([1-9]\d{0,4})$/;

/** A port suffix (`:443`), if any, is a real port number: 1 to 65535. */
function validPort(suffix: string | undefined): boolean {
  if (!suffix) return true;
  const match = PORT.exec(suffix);
  return match !== null && Number(match[1]) <= 65535;
}

/**
 * IPv4 (four decimal parts only: `127.1` and `0x7f.0.0.1` are not addresses a person means) or
 * IPv6, including IPv4-mapped forms such as `::ffff:192.0.2.1`; with an optional port (IPv6 with
 * a port is written [addr]:port). Parsed by ipaddr.js, which also runs in the browser.
 */
export function isIp(value: string): boolean {
  const v4 = /^([\d.]+)(:\d+)?$/.exec(value);
  if (v4) return ipaddr.IPv4.isValidFourPartDecimal(v4[1]!) && validPort(v4[2]);
  const bracketed = /^\[([^\]]+)\](:\d+)?$/.exec(value);
  const body = bracketed ? bracketed[1]! : value;
  // Zone ids (fe80::1%eth0) name an interface of one machine: not an indicator to look up.
  if (body.includes('%') || !ipaddr.IPv6.isValid(body)) return false;
  return validPort(bracketed?.[2]);
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
