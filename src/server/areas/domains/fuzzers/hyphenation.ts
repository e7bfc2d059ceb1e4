/** A hyphen between two characters: google → goo-gle. */
export function* hyphenation(label: string): Iterable<string> {
  for (let i = 1; i < label.length; i++) yield `${label.slice(0, i)}-${label.slice(i)}`;
}
