/** Cyrillic letters drawn like Latin ones. */
const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'ь',
  c: 'с',
  d: 'ԁ',
  e: 'е',
  g: 'ԍ',
  h: 'һ',
  i: 'і',
  j: 'ј',
  k: 'к',
  l: 'ӏ',
  m: 'м',
  o: 'о',
  p: 'р',
  q: 'ԛ',
  s: 'ѕ',
  t: 'т',
  v: 'ѵ',
  w: 'ԝ',
  x: 'х',
  y: 'у',
};

/**
 * The whole label in Cyrillic look-alikes, only when every character has one: a registry lets a
 * label mix scripts rarely, so a partly Latin name is no threat here.
 */
export function* cyrillic(label: string): Iterable<string> {
  const swapped = [...label].map((c) => LATIN_TO_CYRILLIC[c]);
  if (swapped.every((c) => c !== undefined)) yield swapped.join('');
}
