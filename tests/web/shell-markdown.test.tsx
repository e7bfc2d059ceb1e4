// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, MarkdownText } from '../../src/web/components/Markdown.tsx';
import { safeHref } from '../../src/web/components/safe-href.ts';

afterEach(cleanup);

const HELP = 'https://help.watchfloor.example/';

function renderMarkdown(source: string, helpBase: string | null = HELP) {
  return render(<Markdown source={source} helpBase={helpBase} />).container;
}

describe('markdown renderer', () => {
  it('renders paragraphs, headings, lists, bold and links', () => {
    const html = renderMarkdown(
      [
        '# Release 4.2',
        '',
        'The agent now **isolates hosts** faster',
        'and reports _twice_ as often.',
        '',
        '- first',
        '- second with `code`',
        '',
        '1. one',
        '2. two',
        '',
        'Read [the guide](https://docs.example/guide).',
      ].join('\n'),
    );
    expect(html.querySelector('h2')!.textContent).toBe('Release 4.2');
    expect(html.querySelector('h1')).toBeNull();
    expect(html.querySelector('p strong')!.textContent).toBe('isolates hosts');
    expect(html.querySelector('p em')!.textContent).toBe('twice');
    expect(html.querySelector('p')!.textContent).toBe(
      'The agent now isolates hosts faster\nand reports twice as often.',
    );
    expect([...html.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'first',
      'second with code',
    ]);
    expect([...html.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    const link = html.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://docs.example/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never interprets HTML: a script or an img with onerror stays visible text', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> **bold**');
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('img')).toBeNull();
    expect(html.querySelector('[onerror]')).toBeNull();
    expect(html.textContent).toContain('<script>');
    expect(html.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(html.querySelector('strong')!.textContent).toBe('bold');
  });

  it('renders javascript: and data: links inert, as plain text', () => {
    const html = renderMarkdown(
      '[x](javascript:alert(1)) [click](javascript:alert(document.cookie)) [y](JaVaScRiPt:alert(1)) [d](data:text/html;base64,PHNjcmlwdD4=) [v](vbscript:msgbox) ![i](javascript:alert(3))',
    );
    expect(html.querySelectorAll('a')).toHaveLength(0);
    expect(html.querySelectorAll('[href], [src]')).toHaveLength(0);
    expect(html.textContent).toContain('click');
    expect(safeHref('java\tscript:alert(1)', HELP)).toBeNull();
    expect(safeHref(' javascript:alert(1)', HELP)).toBeNull();
    expect(safeHref('relative/path', HELP)).toBeNull();
  });

  it('links only http, https and mailto; links starting with / go to the help site', () => {
    const html = renderMarkdown('See [agents](/agents/install) or [mail us](mailto:soc@example.com).');
    const [help, mail] = [...html.querySelectorAll('a')];
    expect(help!.getAttribute('href')).toBe('https://help.watchfloor.example/agents/install');
    expect(help!.getAttribute('target')).toBe('_blank');
    expect(mail!.getAttribute('href')).toBe('mailto:soc@example.com');
    expect(safeHref('//evil.example/x', HELP)).toBe('https://help.watchfloor.example/evil.example/x');
    expect(safeHref('//evil.example/x', null)).toBeNull();
    expect(safeHref('ftp://files.example/x', HELP)).toBeNull();
  });

  it('renders GitHub tables', () => {
    const html = renderMarkdown(
      '| Keys | Action |\n| --- | --- |\n| g a | Go to **alerts** |\n| / | Search |',
    );
    expect([...html.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Keys', 'Action']);
    expect([...html.querySelectorAll('tbody tr')].map((tr) => tr.textContent?.replace(/\s+/g, ''))).toEqual([
      'gaGotoalerts',
      '/Search',
    ]);
    expect(html.querySelector('td strong')!.textContent).toBe('alerts');
  });

  it('keeps fenced code as text and gives plain-text excerpts', () => {
    const html = renderMarkdown('```\n<b>x</b>\n**y**\n```');
    expect(html.querySelector('pre code')!.textContent).toBe('<b>x</b>\n**y**\n');
    expect(html.querySelector('b')).toBeNull();
    const excerpt = render(
      <MarkdownText source={'# Title\n\nSome **bold** [link](/x)\n- a\n- b'} />,
    ).container;
    expect(excerpt.querySelectorAll('h1, strong, a, li')).toHaveLength(0);
    expect(excerpt.textContent?.replace(/\s+/g, ' ').trim()).toBe('Title Some bold link a b');
  });
});
