// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import '../../src/web/i18n/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { REGISTRY } from '../../src/web/commands/registry.ts';
import i18next from '../../src/web/i18n/index.ts';
import { englishLabels } from '../../src/web/keyboard/docs-labels.ts';
import { HelpOverlay } from '../../src/web/keyboard/HelpOverlay.tsx';
import { helpSections } from '../../src/web/keyboard/help-model.ts';
import { renderKeyboardDoc, rowKeysText } from '../../src/web/keyboard/keyboard-doc.ts';
import { freshNetwork } from '../helpers/fake-network.ts';
import { renderSignedIn, signIn } from '../helpers/signed-in-session.tsx';

afterEach(cleanup);

// Tests run from the repository root.
const committed = () => readFileSync(join(process.cwd(), 'docs/keyboard.md'), 'utf8');

describe('docs/keyboard.md', () => {
  it('is exactly what npm run docs:keyboard writes from the registry', async () => {
    expect(committed()).toBe(renderKeyboardDoc(await englishLabels()));
  });

  it('lists every command and shortcut of the registry once', async () => {
    const labels = await englishLabels();
    const doc = committed();
    for (const section of helpSections(labels)) {
      expect(doc).toContain(`## ${section.title}`);
      for (const row of section.rows) {
        const line = doc
          .split('\n')
          .find((l) => l.startsWith(`| ${rowKeysText(row)} `) && l.includes(row.label));
        expect(line, row.id).toBeDefined();
      }
    }
    expect(helpSections(labels).flatMap((s) => s.rows.map((r) => r.id))).toEqual(REGISTRY.map((c) => c.id));
  });
});

describe('the ? overlay and the docs agree', () => {
  it('shows the same groups, rows, labels and keys, in the same order', async () => {
    await i18next.changeLanguage('en-GB');
    // A user who has switched no labs feature on.
    signIn(freshNetwork({ unmatched: 'not-found' }), { attributes: {} });
    await renderSignedIn(createElement(HelpOverlay));
    const labels = await englishLabels();
    // Signed out of every labs feature, the overlay leaves those out; the docs list everything.
    const sections = helpSections(labels, (command) => !command.labs);
    expect(sections.flatMap((s) => s.rows).length).toBeLessThan(REGISTRY.length);
    const shown = [...document.querySelectorAll<HTMLElement>('.help-overlay__section')];
    expect(shown.map((s) => s.querySelector('h3')?.textContent)).toEqual(sections.map((s) => s.title));
    shown.forEach((element, index) => {
      const section = sections[index]!;
      const rows = [...element.querySelectorAll<HTMLElement>('[data-command-id]')];
      expect(rows.map((r) => r.dataset.commandId)).toEqual(section.rows.map((r) => r.id));
      rows.forEach((row, i) => {
        const expected = section.rows[i]!;
        expect(row.querySelector('.help-overlay__label')?.textContent).toBe(
          expected.note ? `${expected.label} (${expected.note})` : expected.label,
        );
        // Each key sequence of the docs appears as keycaps, chord by chord.
        const caps = [...row.querySelectorAll('kbd')].map((k) => k.textContent?.toLowerCase());
        const chords = expected.keys.flat().map((chord) =>
          chord
            .replace('mod+', 'ctrl ')
            .replace('shift+', 'shift ')
            .replace(/^esc$/, 'esc')
            .replace(/^enter$/, 'enter'),
        );
        expect(caps).toEqual(chords);
        expect(row.querySelector('.help-overlay__usage')?.textContent ?? null).toBe(expected.usage);
      });
    });
  });
});
