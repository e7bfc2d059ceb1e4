// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportDialog } from '../../src/web/features/logs/ExportDialog.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();
const EXPORT = '/api/search/v1/export/{id}';
const SEARCH_ID = '00000000-0000-4000-8000-0000000000f1';
const NEEDS_EMAIL = 'Please include a valid email to send the generated search to.';

let network: FakeNetwork;
let closed: number;

const renderDialog = () =>
  renderInShell(
    <ExportDialog searchId={SEARCH_ID} columns={['host', 'message']} onClose={() => (closed += 1)} />,
    { path: '/search' },
  );

// Tests replace these to catch the download; each later test starts with the real ones.
const realObjectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  URL.createObjectURL = realObjectUrls.create;
  URL.revokeObjectURL = realObjectUrls.revoke;
});

beforeEach(() => {
  closed = 0;
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['read_all'] });
});

describe('search export', () => {
  it('asks for an address, in the words of the spec, for a large export or a wrong address', async () => {
    const user = userEvent.setup();
    await renderDialog();
    const size = await screen.findByRole('textbox', { name: /Number of events/ });
    await user.clear(size);
    await user.type(size, '20000');
    expect(screen.getByText(/we will e-mail a link to the file/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export and e-mail link' }));
    expect(screen.getByText(NEEDS_EMAIL)).toBeTruthy();
    const emails = screen.getByRole('textbox', { name: /E-mail the link/ });
    await user.type(emails, 'not-an-address');
    expect(screen.getByText(NEEDS_EMAIL)).toBeTruthy();
    await user.clear(size);
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.type(size, '2000000');
    expect(screen.getByText('Enter a whole number from 1 to 1000000.')).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox', { checked: true })) await user.click(box);
    expect(screen.getByText('Choose at least one field.')).toBeTruthy();
    expect(network.callsTo('post', EXPORT)).toHaveLength(0);
  });

  it('downloads a small export at once with the chosen fields', async () => {
    const user = userEvent.setup();
    network.on(
      'post',
      EXPORT,
      () => new Response('time,host,message\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const createObjectURL = vi.fn(() => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    await renderDialog();
    await user.click(await screen.findByRole('checkbox', { name: 'Severity' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(network.callsTo('post', EXPORT)[0]!.body).toEqual({
      mode: 'csv',
      size: 1000,
      fields: ['time', 'host', 'severity', 'message'],
      emails: [],
    });
    expect(createObjectURL).toHaveBeenCalledOnce();
  });

  it('mails a large export and says so', async () => {
    const user = userEvent.setup();
    network.on('post', EXPORT, (call) => ({
      status: 202 as const,
      body: {
        id: '00000000-0000-4000-8000-0000000000f2',
        search_id: SEARCH_ID,
        mode: call.body.mode,
        size: call.body.size,
        fields: call.body.fields,
        emails: call.body.emails ?? [],
        status: 'queued' as const,
        row_count: null,
        sha256: null,
        created_at: '2026-11-26T10:00:00.000Z',
        finished_at: null,
      },
    }));
    const createObjectURL = vi.fn(() => 'blob:export');
    URL.createObjectURL = createObjectURL;
    await renderDialog();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Format' }), 'ndjson');
    const size = screen.getByRole('textbox', { name: /Number of events/ });
    await user.clear(size);
    await user.type(size, '50000');
    await user.type(screen.getByRole('textbox', { name: /E-mail the link/ }), 'soc@acme.example');
    await user.click(screen.getByRole('button', { name: 'Export and e-mail link' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(network.callsTo('post', EXPORT)[0]!.body).toMatchObject({
      mode: 'ndjson',
      size: 50000,
      emails: ['soc@acme.example'],
    });
    // Nothing downloads: the job mails the link.
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('offers CSV or JSON, and a JSON export downloads the JSON the server writes', async () => {
    const user = userEvent.setup();
    const array =
      '[\n{"time":"2026-11-26T10:00:00.000Z","host":"ACME-DC-01"},\n{"time":"2026-11-26T09:59:00.000Z","host":"ACME-WS-02"}\n]\n';
    network.on(
      'post',
      EXPORT,
      () => new Response(array, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    let file: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      file = blob;
      return 'blob:export';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    await renderDialog();
    const format = await screen.findByRole('combobox', { name: 'Format' });
    const offered = [...(format as HTMLSelectElement).options].map((o) => o.text);
    expect(offered.slice(0, 2)).toEqual(['CSV', 'JSON']);
    await user.selectOptions(format, 'JSON');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(network.callsTo('post', EXPORT)[0]!.body).toMatchObject({ mode: 'json' });
    expect(JSON.parse(await file!.text())).toEqual([
      { time: '2026-11-26T10:00:00.000Z', host: 'ACME-DC-01' },
      { time: '2026-11-26T09:59:00.000Z', host: 'ACME-WS-02' },
    ]);
  });

  it('asks before closing with changes; keeping on editing keeps them, discarding closes', async () => {
    const user = userEvent.setup();
    await renderDialog();
    const size = await screen.findByRole('textbox', { name: /Number of events/ });
    await user.clear(size);
    await user.type(size, '500');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(closed).toBe(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(closed).toBe(0);
    expect((screen.getByRole('textbox', { name: /Number of events/ }) as HTMLInputElement).value).toBe('500');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    expect(closed).toBe(1);
  });

  it('closes at once without changes', async () => {
    const user = userEvent.setup();
    await renderDialog();
    await screen.findByRole('textbox', { name: /Number of events/ });
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
