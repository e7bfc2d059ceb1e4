const ALLOWED = new Set('abcdefghijklmnopqrstuvwxyz0123456789-');

/** One bit flipped in one character (memory errors resolve these): google → foogle. */
export function* bitsquatting(label: string): Iterable<string> {
  for (let i = 0; i < label.length; i++) {
    for (let bit = 0; bit < 8; bit++) {
      const flipped = String.fromCharCode(label.charCodeAt(i) ^ (1 << bit));
      if (ALLOWED.has(flipped)) yield label.slice(0, i) + flipped + label.slice(i + 1);
    }
  }
}
