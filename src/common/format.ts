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

/** 1234 → 1.2K, 5_600_000 → 5.6M: K, M, G, T per 1000 with one decimal. */
export function compactNumber(value: number): string {
  const units = ['', 'K', 'M', 'G', 'T'];
  let n = value;
  let unit = 0;
  while (Math.abs(n) >= 1000 && unit < units.length - 1) {
    n /= 1000;
    unit++;
  }
  if (unit === 0) return String(value);
  return `${(Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '')}${units[unit]}`;
}

/** Badge text: 'N+' style, 9+ above 9. */
export const badgeCount = (n: number, max = 9) => (n > max ? `${max}+` : String(n));

/** Risk colour from hue 120 (risk 0, green) to hue 0 (risk 100, red). */
export function riskHue(risk: number): number {
  const clamped = Math.min(100, Math.max(0, risk));
  return Math.round(120 - clamped * 1.2);
}
