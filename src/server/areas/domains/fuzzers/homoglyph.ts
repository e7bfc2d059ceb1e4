/** Characters, and pairs, that read like another at a glance (dnstwist's ASCII and IDN glyphs). */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'],
  '1': ['l', 'i'],
  '2': ['ƻ'],
  '3': ['8'],
  '5': ['ƽ'],
  '6': ['9'],
  '8': ['3'],
  '9': ['6'],
  a: ['а', 'à', 'á', 'â', 'ã', 'ä', 'å', 'ɑ', 'ạ', 'ǎ', 'ă', 'ȧ', 'ą', 'ə'],
  b: ['d', 'lb', 'ʙ', 'ɓ', 'ḃ', 'ḅ', 'ḇ', 'ƅ'],
  c: ['e', 'ƈ', 'ċ', 'ć', 'ç', 'č', 'ĉ', 'ᴄ'],
  d: ['b', 'cl', 'dl', 'ɗ', 'đ', 'ď', 'ɖ', 'ḑ', 'ḋ', 'ḍ', 'ḏ', 'ḓ'],
  e: ['c', 'е', 'é', 'è', 'ê', 'ë', 'ē', 'ĕ', 'ě', 'ė', 'ẹ', 'ę', 'ȩ', 'ɇ', 'ḛ'],
  f: ['ƒ', 'ḟ'],
  g: ['q', 'ɢ', 'ɡ', 'ġ', 'ğ', 'ǵ', 'ģ', 'ĝ', 'ǧ', 'ǥ'],
  h: ['lh', 'ĥ', 'ȟ', 'ħ', 'ɦ', 'ḧ', 'ḩ', 'ⱨ', 'ḣ', 'ḥ', 'ḫ', 'ẖ'],
  i: ['1', 'l', 'í', 'ì', 'ï', 'ı', 'ɩ', 'ǐ', 'ĭ', 'ỉ', 'ị', 'ɨ', 'ȋ', 'ī', 'ɪ'],
  j: ['ʝ', 'ǰ', 'ɉ', 'ĵ'],
  k: ['lk', 'ik', 'lc', 'ḳ', 'ḵ', 'ⱪ', 'ķ', 'ᴋ'],
  l: ['1', 'i', 'ɫ', 'ł'],
  m: ['n', 'nn', 'rn', 'rr', 'ṁ', 'ṃ', 'ᴍ', 'ɱ', 'ḿ'],
  n: ['m', 'r', 'ń', 'ṅ', 'ṇ', 'ṉ', 'ñ', 'ņ', 'ǹ', 'ň', 'ꞑ'],
  o: ['0', 'ο', 'о', 'ȯ', 'ọ', 'ỏ', 'ơ', 'ó', 'ö', 'ᴏ'],
  p: ['ƿ', 'ƥ', 'ṕ', 'ṗ'],
  q: ['g', 'ʠ'],
  r: ['ʀ', 'ɼ', 'ɽ', 'ŕ', 'ŗ', 'ř', 'ɍ', 'ɾ', 'ȓ', 'ȑ', 'ṙ', 'ṛ', 'ṟ'],
  s: ['ʂ', 'ś', 'ṣ', 'ṡ', 'ș', 'ŝ', 'š', 'ꜱ'],
  t: ['ţ', 'ŧ', 'ṫ', 'ṭ', 'ț', 'ƫ'],
  u: ['ᴜ', 'ǔ', 'ŭ', 'ü', 'ʉ', 'ù', 'ú', 'û', 'ũ', 'ū', 'ų', 'ư', 'ů', 'ű', 'ȕ', 'ȗ', 'ụ'],
  v: ['ṿ', 'ⱱ', 'ᶌ', 'ṽ', 'ⱴ', 'ᴠ'],
  w: ['vv', 'ŵ', 'ẁ', 'ẃ', 'ẅ', 'ⱳ', 'ẇ', 'ẉ', 'ẘ', 'ᴡ'],
  x: ['ẋ', 'ẍ'],
  y: ['ʏ', 'ý', 'ÿ', 'ŷ', 'ƴ', 'ȳ', 'ɏ', 'ỿ', 'ẏ', 'ỵ'],
  z: ['ʐ', 'ż', 'ź', 'ᴢ', 'ƶ', 'ẓ', 'ẕ', 'ⱬ'],
  rn: ['m'],
  cl: ['d'],
  vv: ['w'],
  nn: ['m'],
};

/** Within every window of the label, one character (or pair) replaced by its glyph everywhere in the window. */
function* mix(label: string): Iterable<string> {
  for (let width = 1; width < label.length; width++) {
    for (let i = 0; i + width <= label.length; i++) {
      const before = label.slice(0, i);
      const window = label.slice(i, i + width);
      const after = label.slice(i + width);
      const keys = new Set([...window, window.slice(0, 2)]);
      for (const key of keys)
        for (const glyph of GLYPHS[key] ?? []) yield before + window.replaceAll(key, glyph) + after;
    }
  }
}

/** Look-alike characters, once and then twice over: google → g00gle, goog1e, ɡoogle. */
export function homoglyph(label: string): Iterable<string> {
  const once = new Set(mix(label));
  const twice = new Set(once);
  for (const name of once) for (const more of mix(name)) twice.add(more);
  twice.delete(label);
  return twice;
}
