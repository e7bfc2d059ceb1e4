// @vitest-environment happy-dom
import '../../src/web/i18n/index.ts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/web/api/errors.ts';
import {
  FormFailure,
  RecipientsField,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from '../../src/web/components/form/index.ts';
import { ModalDialog } from '../../src/web/components/ModalDialog.tsx';
import i18next from '../../src/web/i18n/index.ts';

afterEach(cleanup);
await i18next.changeLanguage('en-GB');

interface Values extends Record<string, unknown> {
  customerId: string;
  title: string;
  description: string;
  riskMin: string;
  recipients: string;
}

/** A small form on the kit, checked by the contract's CaseCreate rules. */
function CaseLikeForm({ submit, onClose }: { submit(values: Values): Promise<void>; onClose(): void }) {
  const uid = useId();
  const form = useForm<Values>({
    initial: { customerId: '', title: '', description: '', riskMin: '', recipients: '' },
    schema: 'CaseCreate',
    toContract: (v) => ({
      customer_id: v.customerId,
      title: v.title,
      description: v.description,
      risk_score_min: v.riskMin,
    }),
    fieldOf: { customer_id: 'customerId', risk_score_min: 'riskMin' },
    submit,
  });
  const { values, set, errors } = form;
  return (
    <>
      <ModalDialog title="New thing" onClose={() => form.requestClose(onClose)}>
        <form {...form.formProps} aria-label="New thing">
          <SelectField
            id={`${uid}-customer`}
            label="Customer"
            value={values.customerId}
            emptyLabel="Choose…"
            options={[{ value: 'c-1', label: 'Acme' }]}
            required
            error={errors.customerId}
            onChange={(customerId) => set({ customerId })}
          />
          <TextField
            id={`${uid}-title`}
            label="Title"
            hint="What happened, in a line."
            value={values.title}
            required
            error={errors.title}
            onChange={(title) => set({ title })}
          />
          <TextAreaField
            id={`${uid}-description`}
            label="Description"
            value={values.description}
            error={errors.description}
            onChange={(description) => set({ description })}
          />
          <TextField
            id={`${uid}-risk`}
            label="Lowest risk"
            value={values.riskMin}
            error={errors.riskMin}
            onChange={(riskMin) => set({ riskMin })}
          />
          <RecipientsField
            id={`${uid}-recipients`}
            label="Recipients"
            value={values.recipients}
            error={errors.recipients}
            onChange={(recipients) => set({ recipients })}
          />
          <FormFailure failure={form.failure} />
          <button type="submit">Create</button>
        </form>
      </ModalDialog>
      {form.prompt}
    </>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('the field kit', () => {
  it('ties each hint and error to its control and focuses the first invalid field on submit', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => undefined);
    render(<CaseLikeForm submit={submit} onClose={vi.fn()} />);
    const title = field('Title');
    // Before any attempt: the hint describes the field, nothing is invalid.
    expect(describedText(title)).toBe('What happened, in a line.');
    expect(title.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const customer = screen.getByRole('combobox', { name: /Customer/ });
    await waitFor(() => expect(document.activeElement).toBe(customer));
    expect(customer.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(customer)).toBe('Please provide a value.');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(title)).toBe('Please provide a value. | What happened, in a line.');
    expect(submit).not.toHaveBeenCalled();

    // The errors follow the typing; the first one left gets the focus on the next attempt.
    await user.selectOptions(customer, 'c-1');
    expect(customer.getAttribute('aria-invalid')).toBeNull();
    await user.type(field('Lowest risk'), '101');
    expect(describedText(field('Lowest risk'))).toBe('The value is too large. It must be at most 100.');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.type(title, 'x'.repeat(201));
    expect(describedText(title)).toContain('The value is too long. It must be less than 200 characters.');
    expect(submit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field it names until that field changes", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {
      throw new ApiError(400, 'bad_request', 'body.description: must not mention secrets', [
        { field: 'body.description', reason: 'must not mention secrets' },
      ]);
    });
    render(<CaseLikeForm submit={submit} onClose={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Customer/ }), 'c-1');
    await user.type(field('Title'), 'Phishing');
    await user.type(field('Description'), 'the password is hunter2');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const description = field('Description');
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(description)).toBe('must not mention secrets');
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Phishing' }));
    await user.type(description, '!');
    expect(description.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal that names no field of the form above the buttons', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {
      throw new ApiError(409, 'conflict', 'Someone changed this meanwhile.');
    });
    render(<CaseLikeForm submit={submit} onClose={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Customer/ }), 'c-1');
    await user.type(field('Title'), 'Phishing');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The form could not be saved: Someone changed this meanwhile.',
    );
    // The notice goes once the next attempt is under way.
    submit.mockImplementation(() => new Promise(() => undefined));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('asks before Escape throws away what was typed', async () => {
    const user = userEvent.setup();
    const close = vi.fn();
    render(<CaseLikeForm submit={vi.fn()} onClose={close} />);
    await user.keyboard('{Escape}');
    expect(close).toHaveBeenCalledTimes(1);
    await user.type(field('Title'), 'Draft');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('holds nothing unsaved after a form starts again blank inside its own submit', async () => {
    /** A one-field form that empties itself once sent, as the API key and password forms do. */
    function BlankAfterSaving({ onClose }: { onClose(): void }) {
      const form = useForm<{ name: string }>({
        initial: { name: '' },
        submit: async (): Promise<void> => form.reset({ name: '' }),
      });
      return (
        <ModalDialog title="Blank after saving" onClose={() => form.requestClose(onClose)}>
          <form {...form.formProps}>
            <TextField
              id="blank-name"
              label="Name"
              value={form.values.name}
              onChange={(name) => form.set({ name })}
            />
            <button type="submit">Send</button>
          </form>
          {form.prompt}
        </ModalDialog>
      );
    }
    const user = userEvent.setup();
    const close = vi.fn();
    render(<BlankAfterSaving onClose={close} />);
    await user.type(field('Name'), 'Export');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect((field('Name') as HTMLInputElement).value).toBe(''));
    field('Name').focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
