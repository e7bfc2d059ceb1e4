import { OPEN_STATUSES } from '../../../common/statuses.ts';

/**
 * Addresses of the alert list with its filters (features/alerts/list/address-filters.ts): what
 * Enter on a chart's point opens. A customer narrows by the list's keyword (`customer:"Name"`),
 * so the shell's customer filter still applies and the person sees why the list is narrower.
 */
export interface AlertLink {
  priority?: string;
  statuses?: readonly string[];
  customer?: string;
  type?: string;
  days?: number;
  from?: string;
  to?: string;
}

export const OPEN = OPEN_STATUSES;

export function alertsLink(link: AlertLink): string {
  const address = new URLSearchParams();
  if (link.priority) address.append('priority', link.priority);
  for (const status of link.statuses ?? []) address.append('status', status);
  const words = [
    link.customer ? `customer:"${link.customer.replaceAll('"', '')}"` : null,
    link.type ? `type:"${link.type.replaceAll('"', '')}"` : null,
  ].filter(Boolean);
  if (words.length) address.set('q', words.join(' '));
  // All time (-1) is the list without a date filter.
  if (link.days && link.days > 0) address.set('days', String(link.days));
  if (link.from && link.to) {
    address.set('from', link.from);
    address.set('to', link.to);
  }
  return `/alerts?${address.toString()}`;
}
