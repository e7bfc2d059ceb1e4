// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Discussion } from '../../src/web/components/discussions/types.ts';
import { CaseDiscussions } from '../../src/web/features/cases/CaseDiscussions.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

const THREAD = '/api/cases/v1/cases/{id}/discussions';
const COMMENT = '/api/cases/v1/cases/{id}/discussions/{comment_id}';
let network: FakeNetwork;
/** The requests the server got on a path, as path parameters and body. */
const sent = (calls: { params: Record<string, string>; body: unknown }[]) =>
  calls.map((c) => ({ ...c.params, body: c.body }));

function comment(id: number, overrides: Partial<Discussion> = {}): Discussion {
  return {
    id,
    body: `Comment ${id}`,
    private: false,
    user: { contact_id: '00000000-0000-4000-8000-000000000001', email: 'ana@example.test', name: 'Ana Lyst' },
    created_at: '2025-05-01T08:00:00.000Z',
    updated_at: '2025-05-01T08:00:00.000Z',
    editable: false,
    ...overrides,
  };
}

let stored: Discussion[];

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
  stored = [
    comment(1, { body: 'Seen this host before', editable: true }),
    comment(2, { body: 'Staff only analysis', private: true }),
    comment(3, { body: 'From a removed account', user: null }),
  ];
  // The server keeps the thread: what was posted, edited or deleted shows on the next read.
  network
    .on('get', THREAD, () => ({ status: 200 as const, body: { discussions: [...stored] } }))
    .on('post', THREAD, ({ body }) => {
      const created = comment(4, { body: body.body, private: body.private ?? false, editable: true });
      stored = [...stored, created];
      return { status: 201 as const, body: created };
    })
    .on('put', COMMENT, ({ params, body }) => {
      const id = Number(params.comment_id);
      stored = stored.map((c) =>
        c.id === id ? { ...c, body: body.body, private: body.private ?? c.private } : c,
      );
      return { status: 200 as const, body: stored.find((c) => c.id === id)! };
    })
    .on('delete', COMMENT, ({ params }) => {
      stored = stored.filter((c) => c.id !== Number(params.comment_id));
      return { status: 204 as const, body: null };
    });
});

async function renderThread(props: { staff?: boolean; canPost?: boolean } = {}) {
  return renderInShell(
    <>
      <CaseDiscussions caseId={7} active canPost={props.canPost ?? true} staff={props.staff ?? true} />
      <ToastArea />
    </>,
  );
}

const items = () => screen.getAllByRole('listitem');

describe('case discussion', () => {
  it('lists the comments oldest first, marks private ones and offers edit and delete on one’s own only', async () => {
    await renderThread();
    await screen.findByText('Seen this host before');
    const [read] = network.callsTo('get', THREAD);
    expect([read!.params.id, read!.query.get('offset'), read!.query.get('batch_size')]).toEqual([
      '7',
      '0',
      '21',
    ]);
    expect(items().map((li) => li.querySelector('.comment__body')?.textContent)).toEqual([
      'Seen this host before',
      'Staff only analysis',
      'From a removed account',
    ]);
    expect(within(items()[1]!).getByText('Private')).toBeTruthy();
    expect(within(items()[2]!).getByText('Unknown user')).toBeTruthy();
    expect(within(items()[0]!).getByRole('button', { name: 'Edit the comment by Ana Lyst' })).toBeTruthy();
    expect(within(items()[1]!).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(items()[2]!).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('edits one’s own comment from the keyboard; Esc leaves the edit box and returns the focus', async () => {
    const user = userEvent.setup();
    await renderThread();
    const editButton = await screen.findByRole('button', { name: 'Edit the comment by Ana Lyst' });
    editButton.focus();
    await user.keyboard('{Enter}');
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit comment' });
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('Seen this host before');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit the comment by Ana Lyst' }),
      ),
    );

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Edit comment' }));
    await user.keyboard('Seen it twice now{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(sent(network.callsTo('put', COMMENT))).toEqual([
        { id: '7', comment_id: '1', body: { body: 'Seen it twice now', private: false } },
      ]),
    );
    expect(await screen.findByText('Seen it twice now')).toBeTruthy();
  });

  it('deletes one’s own comment after confirming; Cancel is the safe default', async () => {
    const user = userEvent.setup();
    await renderThread();
    await user.click(await screen.findByRole('button', { name: 'Delete the comment by Ana Lyst' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(network.callsTo('delete', COMMENT))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete the comment by Ana Lyst' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Seen this host before')).toBeNull());
    expect(sent(network.callsTo('delete', COMMENT))).toEqual([{ id: '7', comment_id: '1', body: undefined }]);
    // The deleted comment's buttons are gone; the focus waits on the thread's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Discussion' })),
    );
  });

  it('says so in a toast when a change fails, and keeps the comment', async () => {
    const user = userEvent.setup();
    // Not a 403: the real session ends on one (spec 1, section 4.1 step 7).
    network.on('delete', COMMENT, apiError(409, 'The comment changed since it was read.'));
    await renderThread();
    await user.click(await screen.findByRole('button', { name: 'Delete the comment by Ana Lyst' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText('Unable to delete the comment');
    expect(toast.closest('.toast')?.textContent).toContain(
      'Please try again later. The comment changed since it was read.',
    );
    expect(screen.getByText('Seen this host before')).toBeTruthy();
  });

  it('posts a private comment for staff with Ctrl+Enter', async () => {
    const user = userEvent.setup();
    await renderThread();
    await screen.findByText('Seen this host before');
    await user.click(screen.getByRole('checkbox', { name: 'Private (staff only)' }));
    await user.click(screen.getByRole('textbox', { name: 'Comment' }));
    await user.keyboard('Customer confirmed the travel{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(sent(network.callsTo('post', THREAD))).toEqual([
        { id: '7', body: { body: 'Customer confirmed the travel', private: true } },
      ]),
    );
    expect(await screen.findByText('Customer confirmed the travel')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' }).value).toBe('');
  });

  it("a posting failure keeps the text and says 'Failed to post discussion'", async () => {
    const user = userEvent.setup();
    network.on('post', THREAD, apiError(500, 'Invalid response from /cases/{id}/discussions endpoint'));
    await renderThread({ staff: false });
    await screen.findByText('Seen this host before');
    expect(screen.queryByRole('checkbox', { name: 'Private (staff only)' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Please check');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Failed to post discussion')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' }).value).toBe('Please check');
  });

  it('shows a load failure with a retry, and no box for those who may not write', async () => {
    const user = userEvent.setup();
    const thread = stored;
    network.on('get', THREAD, apiError(500, 'boom'));
    await renderThread({ canPost: false });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to get discussions.');
    network.on('get', THREAD, { status: 200, body: { discussions: thread } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Seen this host before')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('says when there are no comments yet', async () => {
    stored = [];
    await renderThread();
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
  });
});
