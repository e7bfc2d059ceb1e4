// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { AlertDetailBody } from '../../src/web/features/alerts/detail/AlertDetailBody.tsx';
import type { Alert } from '../../src/web/features/alerts/types.ts';
import { freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { alert as summary } from './alerts-fixtures.ts';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

stubLayout();
beforeEach(() => {
  overlayStore.close();
  // The alert has no detections, comments or activity yet, and its customer no cases.
  const network = freshNetwork({ unmatched: 'not-found' })
    .on('get', '/api/alerts/v1/alerts/{id}/detections', { status: 200, body: { detections: [] } })
    .on('get', '/api/alerts/v1/alerts/{id}/discussions', { status: 200, body: { discussions: [] } })
    .on('get', '/api/alerts/v1/alerts/{id}/activity', { status: 200, body: { activity: [] } })
    .on('get', '/api/cases/v1/cases/', { status: 200, body: { cases: [], search_after: null, total: 0 } });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

function alertOf(fields: Partial<Alert> = {}): Alert {
  return {
    ...summary({ id: 42, title: 'Suspicious PowerShell', status: 'new' }),
    allowed_transitions: ['open', 'closed'],
    can_edit: true,
    confidence: null,
    detections_count: 0,
    entity: { host: null, ip: null, process: null, user: null },
    entity_id: null,
    agent: null,
    fields: {},
    file: null,
    merged_into: null,
    sender: null,
    severity: null,
    url: null,
    ...fields,
  };
}

async function setup(alert = alertOf()) {
  const user = userEvent.setup();
  const view = await renderInShell(
    <>
      <AlertDetailBody alert={alert} replace={() => undefined} reload={() => undefined} />
      <CommandLayer />
    </>,
    { path: '/alerts/42' },
  );
  return { user, ...view };
}

describe('the alert screen keys (registry group alertScreen)', () => {
  it('? lists Esc, s, p, c, m and a under "On an open alert"', async () => {
    const { user } = await setup();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts and commands' });
    const section = within(help).getByRole('heading', { level: 3, name: 'On an open alert' }).parentElement!;
    const rows = [...section.querySelectorAll('tbody tr')].map((row) => [
      [...row.querySelectorAll('kbd')].map((k) => k.textContent).join(' '),
      row.querySelector('.help-overlay__label')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Esc', 'Back to the alert list'],
      ['S', "Change this alert's status"],
      ['P', "Change this alert's priority"],
      ['C', 'Write a comment'],
      ['M', 'Mute alerts like this one'],
      ['A', 'Assign this alert to a case'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['s', 'Change status'],
    ['p', 'Change priority'],
    ['m', 'Mute alerts like this one'],
    ['a', 'Assign to a case'],
  ])('%s opens "%s"; the open dialog keeps the keys; Esc closes it', async (key, title) => {
    const { user, location } = await setup();
    await user.keyboard(key);
    const dialog = screen.getByRole('dialog', { name: title });
    // From a button of the dialog (no text field), the other alert keys and ? stay with it.
    within(dialog).getAllByRole('button')[0]!.focus();
    await user.keyboard(`${['s', 'p', 'm', 'a'].filter((k) => k !== key).join('')}?`);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location.history).toEqual(['/alerts/42']);
  });

  it('c focuses the comment box, where the letters are typed; Esc goes back to the list', async () => {
    const { user, location } = await setup();
    await user.keyboard('c');
    const comment = await screen.findByRole('textbox', { name: 'Comment' });
    expect(document.activeElement).toBe(comment);
    await user.keyboard('spam');
    expect(comment).toHaveProperty('value', 'spam');
    expect(screen.queryByRole('dialog')).toBeNull();
    comment.blur();
    await user.keyboard('{Escape}');
    expect(location.history.at(-1)).toBe('/alerts');
  });

  it('changes nothing on an alert the person may not edit, but Esc still goes back', async () => {
    const { user, location } = await setup(alertOf({ can_edit: false }));
    await user.keyboard('spma');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Escape}');
    expect(location.history.at(-1)).toBe('/alerts');
  });
});
