/** Suffixes lookalikes are commonly registered under (dnstwist takes such a list with --tld). */
export const DEFAULT_TLDS: readonly string[] = [
  'app',
  'biz',
  'cc',
  'cloud',
  'co',
  'co.uk',
  'com',
  'de',
  'eu',
  'fi',
  'icu',
  'info',
  'io',
  'live',
  'me',
  'net',
  'online',
  'org',
  'ru',
  'shop',
  'site',
  'store',
  'support',
  'top',
  'us',
  'vip',
  'website',
  'xyz',
];

/** The same label under another suffix: google.com → google.net. */
export function* tldSwap(suffix: string, tlds: readonly string[] = DEFAULT_TLDS): Iterable<string> {
  for (const tld of tlds) if (tld !== suffix) yield tld;
}
