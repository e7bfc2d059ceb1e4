import type { Domain } from './api.ts';

/** How often a screen asks again while a domain's own scan is queued or running (its query's refetchInterval). */
export const SCAN_POLL_MS = 5_000;

export const scanPending = (domain: Pick<Domain, 'scan_status'> | null | undefined) =>
  domain?.scan_status === 'queued' || domain?.scan_status === 'scanning';
