/** Words phishing names are built from (dnstwist takes such a list with --dictionary). */
export const DEFAULT_WORDS: readonly string[] = [
  'account',
  'app',
  'auth',
  'billing',
  'cloud',
  'help',
  'id',
  'invoice',
  'login',
  'mail',
  'my',
  'online',
  'pay',
  'portal',
  'secure',
  'service',
  'shop',
  'signin',
  'sso',
  'support',
  'update',
  'verify',
  'web',
  'www',
];

/** A word before or after the label, with or without a hyphen; a hyphenated label gets its ends swapped too. */
export function* dictionary(label: string, words: readonly string[] = DEFAULT_WORDS): Iterable<string> {
  for (const word of words) {
    if (label.startsWith(word) && label.endsWith(word)) continue;
    yield `${label}-${word}`;
    yield label + word;
    yield `${word}-${label}`;
    yield word + label;
  }
  if (!label.includes('-')) return;
  const parts = label.split('-');
  for (const word of words) {
    yield `${parts.slice(0, -1).join('-')}-${word}`;
    yield `${word}-${parts.slice(1).join('-')}`;
  }
}
