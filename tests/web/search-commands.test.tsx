// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { answerSearchOpening, renderSearchScreen, savedSearch, searchPage } from './search-fakes.tsx';

/** The search screen's palette commands (features/logs/commands.ts) run against the real page. */

const START = '/api/search/v1/search/';
const JOB = '/api/search/v1/search/{id}';
const SEARCH_ID = '00000000-0000-4000-8000-0000000000a1';
const PERIOD = { from: '2026-11-25T10:00:00.000Z', to: '2026-11-26T10:00:00.000Z' };

const SAVED = savedSearch();

let network: FakeNetwork;

stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  network = answerSearchOpening(freshNetwork({ unmatched: 'not-found' }), [SAVED])
    .on('post', START, { status: 201, body: { id: SEARCH_ID, mode: 'keyword', period: PERIOD } })
    .on('get', JOB, {
      status: 200,
      body: {
        id: SEARCH_ID,
        mode: 'keyword',
        period: PERIOD,
        status: 'done',
        progress: 100,
        total: 0,
        results: [],
        search_after: null,
        error: null,
      },
    });
  signIn(network, { permissions: ['read_all'] });
});

async function setup(page = true) {
  const user = userEvent.setup();
  const view = await renderSearchScreen(page && searchPage());
  return { user, ...view };
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });
const timeRange = () => screen.getByRole('combobox', { name: 'Time range' }) as HTMLSelectElement;

/** Opens the palette (Ctrl+K works from the focused query bar too) and types. */
async function command(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.keyboard('{Control>}k{/Control}');
  expect(palette()).not.toBeNull();
  await user.keyboard(text);
}

describe('palette commands on the search screen', () => {
  it('>range offers the time picker’s ranges and searches the last 24 hours', async () => {
    const { user } = await setup();
    await screen.findByRole('button', { name: 'Failed logons' });
    expect(timeRange().value).toBe('m15');
    await command(user, '>range ');
    const options = screen.getAllByRole('option').map((o) => o.querySelector('.palette__label')?.textContent);
    expect(options).toContain('Last 15 minutes');
    expect(options).toContain('Last 24 hours');
    expect(options).toContain('All time');
    await user.keyboard('24h{Enter}');
    await waitFor(() => expect(network.callsTo('post', START)).toHaveLength(1));
    expect(palette()).toBeNull();
    expect(network.callsTo('post', START)[0]!.body).toMatchObject({ period: { range: 86_400 } });
    expect(timeRange().value).toBe('h24');
    expect(timeRange().selectedOptions[0]!.textContent).toBe('Last 24 hours');
  });

  it('export waits for a finished search, then opens the export dialog; >run searches', async () => {
    const { user } = await setup();
    await command(user, '>export');
    const unavailable = screen.getByRole('group', { name: 'Not available here' });
    const exportOption = within(unavailable).getByRole('option', { name: /Export the results/ });
    expect(exportOption.textContent).toContain('Run a search and let it finish first');
    expect(
      within(unavailable)
        .getByRole('option', { name: /Export as CSV/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await user.keyboard('{Escape}');
    await command(user, '>run{Enter}');
    await waitFor(() => expect(network.callsTo('post', START)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export…' })).toHaveProperty('disabled', false),
    );
    await command(user, '>export-events{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Export events' });
    expect(dialog).toBeTruthy();
    expect(palette()).toBeNull();
  });

  it('moves focus to the columns, the saved searches, the history, the query bar and the save form', async () => {
    const { user } = await setup();
    const saved = await screen.findByRole('button', { name: 'Failed logons' });
    await command(user, '>columns{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Source' })),
    );
    expect(document.querySelector('details.search-columns')?.hasAttribute('open')).toBe(true);
    await command(user, '>saved{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(saved));
    await command(user, '>history{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'History' })));
    await command(user, '>query{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Query' })),
    );
    // With a space the word is exact: `>save` also begins `>saved`, which is recent by now.
    await command(user, '>save {Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
  });

  it('save as alert needs a saved search: opening one makes it available', async () => {
    const { user } = await setup();
    await command(user, '>save-alert');
    const option = screen.getByRole('option', { name: /Save the search as an alert rule/ });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('Save the search, or open a saved search, first');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Failed logons' }));
    await command(user, '>save-alert{Enter}');
    expect(await screen.findByRole('dialog', { name: /Failed logons/ })).toBeTruthy();
  });

  it('elsewhere the search commands are listed as not available, with the reason', async () => {
    const { user } = await setup(false);
    await command(user, '>range');
    const option = screen.getByRole('option', { name: /Set the time range/ });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('Open the search screen first');
    await user.keyboard('{Escape}');
    await command(user, 'time range');
    expect(screen.queryByRole('option', { name: /Set the time range/ })).toBeNull();
  });
});
