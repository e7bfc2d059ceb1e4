import { badRequest } from '../../errors.ts';

/** Largest logo accepted: a report's header needs no more. */
export const LOGO_MAX_BYTES = 512 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An SVG with nothing that runs or reaches out: no scripts, foreign objects, event handlers,
 * document types or entities (XXE), links to anything but its own fragments, and no style that
 * imports or loads a URL. What is left is drawn by the PDF and served as an image.
 */
export function sanitiseSvg(source: string): string {
  const cleaned = source
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<!ENTITY[\s\S]*?>/gi, '')
    .replace(/<\?(?!xml\s)[\s\S]*?\?>/gi, '')
    .replace(/<(script|foreignObject|iframe|embed|object|audio|video)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|foreignObject|iframe|embed|object|audio|video)\b[^>]*\/?>/gi, '')
    .replace(/\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s((?:xlink:)?href)\s*=\s*("(?!#)[^"]*"|'(?!#)[^']*'|(?!["'#])[^\s>]+)/gi, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(?!["']?#)[^)]*\)/gi, 'none');
  return cleaned;
}

/** The logo's type from its bytes (never the name or the browser's word), and what to keep. */
export function checkedLogo(bytes: Buffer): { type: 'image/png' | 'image/svg+xml'; bytes: Buffer } {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return { type: 'image/png', bytes };
  // Sanitised first: a document type with entities would otherwise hide where the root starts.
  const svg = sanitiseSvg(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(svg) && /<\/svg\s*>\s*$/i.test(svg))
    return { type: 'image/svg+xml', bytes: Buffer.from(svg, 'utf8') };
  throw badRequest('logo', 'must be a PNG or SVG image');
}
