// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/web/components/Markdown.tsx';
import { parseMarkdown, safeHref, toPlainText } from '../../src/web/components/markdown.ts';

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
    expect(html.querySelector('p strong')!.textContent).toBe('isolates hosts');
    expect(html.querySelector('p em')!.textContent).toBe('twice');
    expect(html.querySelector('p')!.textContent).toBe(
      'The agent now isolates hosts faster and reports twice as often.',
    );
    expect([...html.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'first',
      'second with code',
    ]);
    expect([...html.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    const link = html.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://docs.example/guide');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('nofollow');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('never interprets HTML: a script stays visible text', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> **bold**');
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('img')).toBeNull();
    expect(html.textContent).toContain('<script>alert(1)</script>');
    expect(html.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('renders javascript: and data: links inert, as plain text', () => {
    const html = renderMarkdown(
      '[click](javascript:alert(document.cookie)) [x](JaVaScRiPt:alert(1)) [d](data:text/html;base64,PHNjcmlwdD4=) [v](vbscript:msgbox)',
    );
    expect(html.querySelectorAll('a')).toHaveLength(0);
    expect(html.textContent).toContain('click');
    expect(safeHref('java\tscript:alert(1)', HELP)).toBeNull();
    expect(safeHref(' javascript:alert(1)', HELP)).toBeNull();
    expect(safeHref('relative/path', HELP)).toBeNull();
  });

  it('sends links starting with / to the help site, in a new tab', () => {
    const html = renderMarkdown('See [agents](/agents/install).');
    const link = html.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://help.watchfloor.example/agents/install');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(safeHref('//evil.example/x', HELP)).toBe('https://help.watchfloor.example/evil.example/x');
    expect(safeHref('//evil.example/x', null)).toBeNull();
    expect(safeHref('mailto:soc@example.com', HELP)).toBe('mailto:soc@example.com');
  });

  it('renders simple pipe tables', () => {
    const html = renderMarkdown(
      '| Keys | Action |\n| --- | --- |\n| g a | Go to **alerts** |\n| / | Search |',
    );
    expect([...html.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Keys', 'Action']);
    expect([...html.querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      'g aGo to alerts',
      '/Search',
    ]);
    expect(html.querySelector('td strong')!.textContent).toBe('alerts');
  });

  it('keeps fenced code as text and gives plain-text excerpts', () => {
    expect(parseMarkdown('```\n<b>x</b>\n**y**\n```')).toEqual([{ type: 'code', text: '<b>x</b>\n**y**' }]);
    expect(toPlainText('# Title\n\nSome **bold** [link](/x)\n- a\n- b')).toBe('Title Some bold link a b');
  });
});
