// Apart from Markdown.tsx so that a plain link (the user menu's partner link) checks its address
// without loading the Markdown renderer.
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address a link may lead to: http, https and mailto only; a path starting with / goes into
 * the help site. Anything else (javascript:, data:, relative paths) gives null: no link.
 */
export function safeHref(raw: string, helpBase: string | null): string | null {
  const href = raw.trim();
  if (href.startsWith('/')) {
    if (!helpBase) return href.startsWith('//') || href.startsWith('/\\') ? null : href;
    return `${helpBase.replace(/\/+$/, '')}/${href.replace(/^[/\\]+/, '')}`;
  }
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
