import { type ComponentPropsWithoutRef, createElement } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeHref } from './safe-href.ts';

export interface MarkdownProps {
  source: string;
  /** Address of the help site that links starting with / point into. */
  helpBase: string | null;
  /** Heading levels are shifted by this much, so a page's own h1 stays the only h1. */
  headingOffset?: number;
}

/** A link opens in a new tab without access to this page; an unsafe one is plain text. */
function SafeLink({ href, children }: ComponentPropsWithoutRef<'a'>) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function headings(offset: number): Components {
  const level = (n: number) => `h${Math.min(6, n + offset)}`;
  const heading =
    (n: number) =>
    ({ children }: ComponentPropsWithoutRef<'h1'>) =>
      createElement(level(n), null, children);
  return { h1: heading(1), h2: heading(2), h3: heading(3), h4: heading(4), h5: heading(5), h6: heading(6) };
}

/**
 * Renders Markdown (with GitHub tables, task lists and strikethrough) as React elements. HTML in
 * the source is never interpreted: it stays visible text. Images are left out.
 */
export function Markdown({ source, helpBase, headingOffset = 1 }: MarkdownProps) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        disallowedElements={['img']}
        urlTransform={(url) => safeHref(url, helpBase) ?? undefined}
        components={{ ...headings(headingOffset), a: SafeLink }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}

/** The text of a Markdown source without its markup (list excerpts); HTML stays visible text. */
export function MarkdownText({ source, className }: { source: string; className?: string }) {
  return (
    <p className={className}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} allowedElements={[]} unwrapDisallowed>
        {source}
      </ReactMarkdown>
    </p>
  );
}
