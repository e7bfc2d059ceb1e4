/** A letter or digit appended: acme → acme1, acmea. */
export function* addition(label: string): Iterable<string> {
  for (const c of '0123456789abcdefghijklmnopqrstuvwxyz') yield label + c;
}
