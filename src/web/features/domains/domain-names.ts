/** The names of a bulk add: one a line (commas and spaces also split), blanks dropped, repeats once. */
export function namesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** The same rule as the server's, for errors before sending: at least two labels, a letter TLD (or punycode). */
export function looksLikeDomain(name: string): boolean {
  let ascii: string;
  try {
    ascii = new URL(`http://${name.replace(/\.$/, '')}`).hostname;
  } catch {
    return false;
  }
  const labels = ascii.split('.');
  if (labels.length < 2 || ascii.length > 253) return false;
  return labels.every((l) => LABEL.test(l)) && /^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/i.test(labels.at(-1)!);
}
