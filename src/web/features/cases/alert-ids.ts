export interface AlertIdsTyped {
  /** The ids read, each once, in the order typed. */
  ids: number[];
  /** The first entry that is not an alert id, if any. */
  invalid?: string;
}

/**
 * Alert ids typed as a comma-separated list ("1042, 1043", "#1042 #1043" also work): each a
 * positive whole number; repeats count once. How many one assignment takes is the contract's
 * rule (assignCaseAlerts), checked by the form.
 */
export function readAlertIds(text: string): AlertIdsTyped {
  const tokens = text
    .split(/[\s,;]+/)
    .map((token) => token.trim())
    .filter(Boolean);
  const ids: number[] = [];
  for (const token of tokens) {
    const digits = token.replace(/^#/, '');
    const id = /^\d{1,16}$/.test(digits) ? Number(digits) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1) return { ids, invalid: token };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids };
}
