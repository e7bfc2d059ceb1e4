import { domainToASCII } from 'node:url';

/** The spec's wording (spec 2, section 5). */
export const INVALID_DOMAIN = 'Please provide a valid domain name.';
export const SELECT_CUSTOMER = 'Please select a customer';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * A domain name as it is monitored: lower case, ASCII (an international name in its punycode
 * form), no trailing dot; null when it is not a valid name with at least two labels.
 */
export function normaliseDomain(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\.$/, '');
  if (!text || text.length > 253 || /[\s/:@]/.test(text)) return null;
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => LABEL.test(label))) return null;
  return TLD.test(labels.at(-1)!) ? ascii : null;
}
