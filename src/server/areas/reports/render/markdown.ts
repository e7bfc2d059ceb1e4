/** A line of a body's markdown: a heading, a list item or a paragraph, each a run of bold and plain spans. */
export interface MarkdownBlock {
  kind: 'heading' | 'item' | 'paragraph';
  spans: { text: string; bold: boolean }[];
}

function spansOf(text: string): MarkdownBlock['spans'] {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4
        ? { text: part.slice(2, -2), bold: true }
        : { text: part, bold: false },
    );
}

/**
 * The little markdown a report's text needs, read as text only (nothing is run or fetched):
 * `#` headings, `-` or `*` list items, `**bold**`, and paragraphs split by blank lines.
 */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', spans: spansOf(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) flush();
    else if (/^#{1,6}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'heading', spans: spansOf(line.replace(/^#+\s*/, '')) });
    } else if (/^[-*]\s/.test(line)) {
      flush();
      blocks.push({ kind: 'item', spans: spansOf(line.slice(2).trim()) });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
