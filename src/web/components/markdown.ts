/**
 * A deliberately small Markdown reader for platform update bodies: paragraphs, headings, lists,
 * simple pipe tables, fenced code, bold, italic, inline code and links. It builds a tree of plain data that the
 * <Markdown> component turns into React elements, so HTML in the source is never interpreted:
 * `<script>` stays visible text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'code'; text: string }
  | { type: 'table'; head: Inline[][]; rows: Inline[][][] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/;

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

/** Inline syntax, leftmost first: code, link, bold, italic. */
const INLINE =
  /`([^`]+)`|\[([^\]]*)\]\(\s*([^)\s]*)\s*\)|\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|\b_(?!\s)(.+?)_\b/;

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let rest = source;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: 'text', text: rest.slice(0, match.index) });
    const [whole, code, linkText, href, bold1, bold2, em1, em2] = match;
    if (code !== undefined) out.push({ type: 'code', text: code });
    else if (linkText !== undefined)
      out.push({ type: 'link', href: href ?? '', children: parseInline(linkText) });
    else if (bold1 !== undefined || bold2 !== undefined)
      out.push({ type: 'strong', children: parseInline(bold1 ?? bold2 ?? '') });
    else out.push({ type: 'em', children: parseInline(em1 ?? em2 ?? '') });
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !FENCE.test(lines[i]!); i++) code.push(lines[i]!);
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      flush();
      const rows: Inline[][][] = [];
      for (i += 2; i < lines.length && TABLE_ROW.test(lines[i]!); i++) rows.push(cells(lines[i]!));
      i--;
      blocks.push({ type: 'table', head: cells(line), rows });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
      continue;
    }
    if (list) {
      // A continuation line belongs to the list item above it.
      const items = list.items;
      items[items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Where a Markdown link may point, or null to show it as plain text. Links starting with / are
 * help-site paths and get the help site's address in front (spec 1, section 9); otherwise only
 * http, https and mailto are allowed, so `javascript:` and `data:` links stay inert.
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

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((n) => (n.type === 'text' || n.type === 'code' ? n.text : inlineText(n.children)))
    .join('');
}

/** The text of a Markdown source without its syntax, for excerpts. */
export function toPlainText(source: string): string {
  return parseMarkdown(source)
    .map((block) => {
      if (block.type === 'code') return block.text;
      if (block.type === 'list') return block.items.map(inlineText).join(' ');
      if (block.type === 'table') return [block.head, ...block.rows].flat().map(inlineText).join(' ');
      return inlineText(block.children);
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
