/** `#rrggbb`, as the colour fields take them. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function luminance(hex: string): number {
  const channel = (i: number) => {
    const value = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for body text. */
const READABLE = 4.5;

/**
 * Where a report's text would be hard to read: white table headings on the primary colour, and the
 * secondary colour's lines and series on white paper.
 */
export function contrastWarnings(primary: string, secondary: string) {
  const warnings: { field: string; reason: string; ratio: number }[] = [];
  const onPrimary = contrastRatio(primary, '#ffffff');
  if (onPrimary < READABLE)
    warnings.push({
      field: 'primary_color',
      reason: `white text on it has a contrast of ${onPrimary.toFixed(1)}:1, under 4.5:1: table headings would be hard to read`,
      ratio: Math.round(onPrimary * 100) / 100,
    });
  const secondaryOnWhite = contrastRatio(secondary, '#ffffff');
  if (secondaryOnWhite < 3)
    warnings.push({
      field: 'secondary_color',
      reason: `it has a contrast of ${secondaryOnWhite.toFixed(1)}:1 on white paper, under 3:1: rules and charts would be hard to see`,
      ratio: Math.round(secondaryOnWhite * 100) / 100,
    });
  return warnings;
}
