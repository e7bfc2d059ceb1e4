/** Most alerts one assignment takes (the contract's CaseAlertIds). */
export const MAX_ALERT_IDS = 1000;

export type AlertIdsResult =
  | { ok: true; ids: number[] }
  | { ok: false; error: 'required' | 'tooMany' }
  | { ok: false; error: 'invalid'; token: string };

/**
 * Alert ids typed as a comma-separated list ("1042, 1043", "#1042 #1043" also work): each a
 * positive whole number; repeats count once.
 */
export function parseAlertIds(text: string): AlertIdsResult {
  const tokens = text
    .split(/[\s,;]+/)
    .map((token) => token.trim())
    .filter(Boolean);
  if (tokens.length === 0) return { ok: false, error: 'required' };
  const ids: number[] = [];
  for (const token of tokens) {
    const digits = token.replace(/^#/, '');
    const id = /^\d{1,16}$/.test(digits) ? Number(digits) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1) return { ok: false, error: 'invalid', token };
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > MAX_ALERT_IDS) return { ok: false, error: 'tooMany' };
  return { ok: true, ids };
}
