/** One character typed twice: google → gooogle. */
export function* repetition(label: string): Iterable<string> {
  for (let i = 0; i < label.length; i++) yield label.slice(0, i) + label[i] + label.slice(i);
}
