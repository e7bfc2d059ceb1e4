import { useEffect } from 'react';
import type { Domain } from './api.ts';

/** How often a screen asks again while a domain's own scan is queued or running. */
export const SCAN_POLL_MS = 5_000;

export const scanPending = (domain: Pick<Domain, 'scan_status'> | null | undefined) =>
  domain?.scan_status === 'queued' || domain?.scan_status === 'scanning';

/** Reloads every few seconds while a scan is pending, so its first lookalikes show when it ends. */
export function useScanPoll(pending: boolean, reload: () => void, pollMs = SCAN_POLL_MS): void {
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [pending, reload, pollMs]);
}
