/** One character left out: google → gogle. */
export function* omission(label: string): Iterable<string> {
  for (let i = 0; i < label.length; i++) yield label.slice(0, i) + label.slice(i + 1);
}
