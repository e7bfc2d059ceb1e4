const VOWELS = 'aeiou';

/** One vowel replaced by another: google → gaogle. */
export function* vowelSwap(label: string): Iterable<string> {
  for (let i = 0; i < label.length; i++) {
    if (!VOWELS.includes(label[i]!)) continue;
    for (const vowel of VOWELS) yield label.slice(0, i) + vowel + label.slice(i + 1);
  }
}
