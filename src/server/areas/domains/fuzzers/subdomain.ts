/** A dot inside the label, so the rest becomes another registrable name: google → goo.gle. */
export function* subdomain(label: string): Iterable<string> {
  for (let i = 1; i < label.length - 1; i++) {
    if (!'-.'.includes(label[i]!) && !'-.'.includes(label[i - 1]!))
      yield `${label.slice(0, i)}.${label.slice(i)}`;
  }
}
