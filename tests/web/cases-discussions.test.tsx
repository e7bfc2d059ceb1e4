// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/web/api/errors.ts';
import * as caseApi from '../../src/web/features/cases/api.ts';
import { CaseDiscussions } from '../../src/web/features/cases/CaseDiscussions.tsx';
import type { Discussion } from '../../src/web/features/discussions/types.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { renderInShell } from './shell-harness.tsx';
import { makeSession, setSession } from './shell-session-mock.ts';

vi.mock('../../src/web/shell/session-bridge.ts', () => import('./shell-session-mock.ts'));

vi.mock('../../src/web/features/cases/api.ts', () => ({
  listCaseDiscussions: vi.fn(),
  postCaseDiscussion: vi.fn(),
  editCaseDiscussion: vi.fn(),
  deleteCaseDiscussion: vi.fn(),
}));

const list = vi.mocked(caseApi.listCaseDiscussions);
const post = vi.mocked(caseApi.postCaseDiscussion);
const edit = vi.mocked(caseApi.editCaseDiscussion);
const remove = vi.mocked(caseApi.deleteCaseDiscussion);

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
  setSession(makeSession());
  stored = [
    comment(1, { body: 'Seen this host before', editable: true }),
    comment(2, { body: 'Staff only analysis', private: true }),
    comment(3, { body: 'From a removed account', user: null }),
  ];
  list.mockReset();
  list.mockImplementation(async () => [...stored]);
  post.mockReset();
  edit.mockReset();
  remove.mockReset();
});

function renderThread(props: { staff?: boolean; canPost?: boolean } = {}) {
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
    renderThread();
    await screen.findByText('Seen this host before');
    expect(list).toHaveBeenCalledWith(7, 0, 21);
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
    edit.mockImplementation(async (_id, commentId, body, isPrivate) => {
      stored = stored.map((c) => (c.id === commentId ? { ...c, body, private: isPrivate } : c));
      return stored.find((c) => c.id === commentId)!;
    });
    renderThread();
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
    await waitFor(() => expect(edit).toHaveBeenCalledWith(7, 1, 'Seen it twice now', false));
    expect(await screen.findByText('Seen it twice now')).toBeTruthy();
  });

  it('deletes one’s own comment after confirming; Cancel is the safe default', async () => {
    const user = userEvent.setup();
    remove.mockImplementation(async (_id, commentId) => {
      stored = stored.filter((c) => c.id !== commentId);
    });
    renderThread();
    await user.click(await screen.findByRole('button', { name: 'Delete the comment by Ana Lyst' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete the comment by Ana Lyst' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Seen this host before')).toBeNull());
    expect(remove).toHaveBeenCalledWith(7, 1);
    // The deleted comment's buttons are gone; the focus waits on the thread's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Discussion' })),
    );
  });

  it('says so in a toast when a change fails, and keeps the comment', async () => {
    const user = userEvent.setup();
    remove.mockRejectedValue(new ApiError(403, 'error', 'Only the author can delete this comment.'));
    renderThread();
    await user.click(await screen.findByRole('button', { name: 'Delete the comment by Ana Lyst' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText('Unable to delete the comment');
    expect(toast.closest('.toast')?.textContent).toContain(
      'Please try again later. Only the author can delete this comment.',
    );
    expect(screen.getByText('Seen this host before')).toBeTruthy();
  });

  it('posts a private comment for staff with Ctrl+Enter', async () => {
    const user = userEvent.setup();
    post.mockImplementation(async (_id, body, isPrivate) => {
      const created = comment(4, { body, private: isPrivate, editable: true });
      stored = [...stored, created];
      return created;
    });
    renderThread();
    await screen.findByText('Seen this host before');
    await user.click(screen.getByRole('checkbox', { name: 'Private (staff only)' }));
    await user.click(screen.getByRole('textbox', { name: 'Comment' }));
    await user.keyboard('Customer confirmed the travel{Control>}{Enter}{/Control}');
    await waitFor(() => expect(post).toHaveBeenCalledWith(7, 'Customer confirmed the travel', true));
    expect(await screen.findByText('Customer confirmed the travel')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' }).value).toBe('');
  });

  it("a posting failure keeps the text and says 'Failed to post discussion'", async () => {
    const user = userEvent.setup();
    post.mockRejectedValue(
      new ApiError(500, 'error', 'Invalid response from /cases/{id}/discussions endpoint'),
    );
    renderThread({ staff: false });
    await screen.findByText('Seen this host before');
    expect(screen.queryByRole('checkbox', { name: 'Private (staff only)' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Please check');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Failed to post discussion')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' }).value).toBe('Please check');
  });

  it('shows a load failure with a retry, and no box for those who may not write', async () => {
    const user = userEvent.setup();
    list.mockRejectedValueOnce(new ApiError(500, 'error', 'boom'));
    renderThread({ canPost: false });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to get discussions.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Seen this host before')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('says when there are no comments yet', async () => {
    list.mockResolvedValue([]);
    renderThread();
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
  });
});
