/** Two neighbouring characters swapped: google → gogole. */
export function* transposition(label: string): Iterable<string> {
  for (let i = 0; i < label.length - 1; i++)
    yield label.slice(0, i) + label[i + 1] + label[i] + label.slice(i + 2);
}
