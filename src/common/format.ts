/** Shortens text to `max` characters, ending with an ellipsis when cut (default 60, spec 1 section 9). */
export function truncate(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Truncation lengths of spec 1, section 9. */
export const TRUNCATE = {
  action: 55,
  customerName: 28,
  intelValue: 30,
  alertTitle: 50,
  default: 60,
} as const;

/**
 * 1234 → 1.2K, 5_600_000 → 5.6M, 1000 → 1.0K: K, M, G, T per 1000 with one decimal (spec 1
 * section 9). The unit is chosen after rounding, so 999 999 is 1.0M, not 1000.0K.
 */
export function compactNumber(value: number): string {
  const units = ['', 'K', 'M', 'G', 'T'];
  if (Math.abs(value) < 1000) return String(value);
  const oneDecimal = (n: number) => Math.round(n * 10) / 10;
  let unit = 0;
  let n = value;
  while (unit < units.length - 1 && Math.abs(oneDecimal(n)) >= 1000) {
    n /= 1000;
    unit++;
  }
  return `${oneDecimal(n).toFixed(1)}${units[unit]}`;
}

/** Badge text: 'N+' style, 9+ above 9. */
export const badgeCount = (n: number, max = 9) => (n > max ? `${max}+` : String(n));

/** Risk colour from hue 120 (risk 0, green) to hue 0 (risk 100, red). */
export function riskHue(risk: number): number {
  const clamped = Math.min(100, Math.max(0, risk));
  return Math.round(120 - clamped * 1.2);
}
