// @vitest-environment happy-dom
import '../../src/web/i18n/index.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../src/web/components/ConfirmDialog.tsx';
import { ModalDialog } from '../../src/web/components/ModalDialog.tsx';
import i18next from '../../src/web/i18n/index.ts';

afterEach(cleanup);
await i18next.changeLanguage('en-GB');

function Opener({ alert = false, onClose = () => undefined }: { alert?: boolean; onClose?(): void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalDialog
          title="Rename"
          alert={alert}
          onClose={close}
          footer={
            <>
              <button type="button" onClick={close}>
                Cancel
              </button>
              <button type="submit" form="rename">
                Save
              </button>
            </>
          }
        >
          <form id="rename">
            <label>
              Name
              <input />
            </label>
          </form>
        </ModalDialog>
      )}
    </>
  );
}

describe('the modal dialog (WAI-ARIA dialog pattern)', () => {
  it('is named by its title, focuses its first field, keeps Tab inside and returns the focus on Esc', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save' }));
    await user.tab();
    expect(document.activeElement).toBe(name);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps its keys from the page behind', async () => {
    const user = userEvent.setup();
    const behind = vi.fn();
    document.addEventListener('keydown', behind);
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('ab{Escape}');
    document.removeEventListener('keydown', behind);
    expect(behind).not.toHaveBeenCalled();
  });

  it('keeps what was typed on a press outside; Esc or Cancel close it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { unmount } = render(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lateral movement');
    // The panel fills the dialog: a press on the dialog element itself is on the backdrop.
    fireEvent.mouseDown(dialog);
    fireEvent.mouseUp(dialog);
    fireEvent.click(dialog);
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    const kept = screen.getByRole('dialog', { name: 'Rename' });
    expect(within(kept).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Lateral movement');
    await user.click(within(kept).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    // A question that needs an answer is kept the same way; Esc answers it with "no".
    render(<Opener alert onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const question = screen.getByRole('alertdialog', { name: 'Rename' });
    fireEvent.mouseDown(question);
    fireEvent.click(question);
    expect(screen.getByRole('alertdialog', { name: 'Rename' })).toBe(question);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('the confirmation dialog', () => {
  it('asks with the safe answer focused first', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        danger
        alert
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>Your changes are lost.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText('Your changes are lost.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Stay' }));
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
