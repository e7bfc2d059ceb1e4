import { createElement, type ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown, safeHref } from './markdown.ts';

export interface MarkdownProps {
  source: string;
  /** Address of the help site that links starting with / point into. */
  helpBase: string | null;
  /** Heading levels are shifted by this much, so a page's own h1 stays the only h1. */
  headingOffset?: number;
}

function renderInline(nodes: Inline[], helpBase: string | null): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, helpBase));
}

// Keys are positions: the tree is rebuilt from the source on every render and never reordered.
function renderNode(node: Inline, key: number, helpBase: string | null): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'strong':
      return <strong key={key}>{renderInline(node.children, helpBase)}</strong>;
    case 'em':
      return <em key={key}>{renderInline(node.children, helpBase)}</em>;
    case 'link': {
      const href = safeHref(node.href, helpBase);
      const children = renderInline(node.children, helpBase);
      if (href === null) return <span key={key}>{children}</span>;
      return (
        <a key={key} href={href} target="_blank" rel="nofollow noopener noreferrer">
          {children}
        </a>
      );
    }
  }
}

function renderBlock(block: Block, index: number, helpBase: string | null, headingOffset: number): ReactNode {
  switch (block.type) {
    case 'heading':
      return createElement(
        `h${Math.min(6, block.level + headingOffset)}`,
        { key: index },
        renderInline(block.children, helpBase),
      );
    case 'paragraph':
      return <p key={index}>{renderInline(block.children, helpBase)}</p>;
    case 'code':
      return (
        <pre key={index}>
          <code>{block.text}</code>
        </pre>
      );
    case 'table':
      return (
        <table key={index}>
          <thead>
            <tr>
              {block.head.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a static text
                <th key={i} scope="col">
                  {renderInline(cell, helpBase)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a static text
              <tr key={r}>
                {row.map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a static text
                  <td key={c}>{renderInline(cell, helpBase)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items are positions in a static text
        <li key={i}>{renderInline(item, helpBase)}</li>
      ));
      return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
  }
}

/** Renders Markdown as React elements only: no HTML from the source is ever interpreted. */
export function Markdown({ source, helpBase, headingOffset = 1 }: MarkdownProps) {
  return (
    <div className="markdown">
      {parseMarkdown(source).map((block, i) => renderBlock(block, i, helpBase, headingOffset))}
    </div>
  );
}
