// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TemplateRecord } from '../../src/web/features/workflows/api.ts';
import { TemplatesPage } from '../../src/web/features/workflows/TemplatesPage.tsx';
import { TemplateEditorPage } from '../../src/web/features/workflows/WorkflowEditorPage.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';
import { commentDefinition, withCatalogue } from './workflows-fakes.ts';

withKeyDispatcher();

const ISOLATE = '22222222-2222-4222-8222-222222222222';
const DIGEST = '33333333-3333-4333-8333-333333333333';
const COPY = '44444444-4444-4444-8444-444444444444';
const TEMPLATES = '/api/soar/v1/templates';
const TEMPLATE = '/api/soar/v1/templates/{id}';

const template = (over: Partial<TemplateRecord> = {}): TemplateRecord => ({
  template_id: ISOLATE,
  name: 'Isolate on critical malware',
  ...commentDefinition(),
  trigger_filter: { types: ['malware'], priorities: ['critical'] },
  version: 2,
  ...over,
});

let network: FakeNetwork;
let stored: TemplateRecord[];

beforeEach(() => {
  stored = [
    template(),
    template({ template_id: DIGEST, name: 'Weekly vulnerability digest', trigger_id: 'scheduled' }),
  ];
  network = withCatalogue(freshNetwork({ unmatched: 'not-found' }))
    .on('get', TEMPLATES, () => ({ status: 200 as const, body: { templates: stored } }))
    .on('get', TEMPLATE, ({ params }) => {
      const found = stored.find((tp) => tp.template_id === params.id);
      return found ? { status: 200 as const, body: found } : apiError(404, 'Template not found.');
    });
  signIn(network, { attributes: { lab_workflows: true } });
});

describe('saving a template as a new one', () => {
  it('asks for its name, refuses an empty one, and saves the edits as they stand under the new name', async () => {
    network.on('post', TEMPLATES, ({ body }) => {
      const made = template({ ...body, template_id: COPY, version: 1 } as Partial<TemplateRecord>);
      stored.push(made);
      return { status: 201 as const, body: made };
    });
    const user = userEvent.setup();
    const { location } = await renderInShell(
      <>
        <TemplateEditorPage params={{ uid: ISOLATE }} route="edit_workflow_template" />
        <ToastArea />
      </>,
      { path: `/workflows/templates/${ISOLATE}` },
    );
    await screen.findByRole('heading', { level: 1, name: 'Isolate on critical malware' });
    // An unsaved edit: the copy takes it, the template it comes from does not.
    const message = within(screen.getByRole('listitem', { name: /^Step 1:/ })).getByRole('textbox', {
      name: /Message/,
    });
    await user.type(message, ' now');

    await user.click(screen.getByRole('button', { name: 'Save as new template' }));
    const dialog = screen.getByRole('dialog', { name: 'Save as template' });
    const name = within(dialog).getByRole('textbox', { name: /Template name/ });
    expect(document.activeElement).toBe(name);
    expect((name as HTMLInputElement).value).toBe('Isolate on critical malware');
    await user.clear(name);
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Enter a name for the template.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(network.callsTo('post', TEMPLATES)).toHaveLength(0);

    await user.type(name, 'Isolate on critical malware, quietly{Enter}');
    await waitFor(() => expect(network.callsTo('post', TEMPLATES)).toHaveLength(1));
    const sent = network.callsTo('post', TEMPLATES)[0]!.body;
    expect(sent).toMatchObject({
      name: 'Isolate on critical malware, quietly',
      trigger_id: 'alert_created',
      trigger_filter: { types: ['malware'], priorities: ['critical'] },
      order_list: ['comment'],
    });
    expect(sent.task_list?.[0]?.parameters.message).toBe('Isolating {{trigger.alert.host_name}} now');
    expect(network.callsTo('put', TEMPLATE)).toHaveLength(0);
    expect(await screen.findByText('Saved as template Isolate on critical malware, quietly')).toBeTruthy();
    // The copy opens, without asking about the edits it now holds.
    await waitFor(() => expect(location.history.at(-1)).toBe(`/workflows/templates/${COPY}`));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes the dialog and creates nothing', async () => {
    const user = userEvent.setup();
    await renderInShell(<TemplateEditorPage params={{ uid: ISOLATE }} route="edit_workflow_template" />, {
      path: `/workflows/templates/${ISOLATE}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Isolate on critical malware' });
    await user.click(screen.getByRole('button', { name: 'Save as new template' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Save as template' })).toBeNull();
    expect(network.callsTo('post', TEMPLATES)).toHaveLength(0);
  });
});

describe('deleting a template', () => {
  async function renderList() {
    const user = userEvent.setup();
    await renderInShell(
      <>
        <TemplatesPage params={{}} route="workflow_templates" />
        <ToastArea />
      </>,
      { path: '/workflows/templates' },
    );
    const grid = await screen.findByRole('grid', { name: 'Workflow templates' });
    await within(grid).findByText('Weekly vulnerability digest');
    return { user, grid };
  }

  it('asks first with Cancel focused, then deletes the focused template and the list shows it gone', async () => {
    network.on('delete', TEMPLATE, ({ params }) => {
      stored = stored.filter((tp) => tp.template_id !== params.id);
      return { status: 204 as const, body: undefined as never };
    });
    const { user, grid } = await renderList();
    expect(screen.getByRole('button', { name: 'Delete template' })).toHaveProperty('disabled', true);
    await user.keyboard('j');
    const remove = await screen.findByRole('button', { name: 'Delete Isolate on critical malware' });
    remove.focus();
    await user.keyboard('{Enter}');
    const ask = screen.getByRole('dialog', { name: 'Delete template?' });
    expect(within(ask).getByText(/Workflows made from it are kept\./)).toBeTruthy();
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Cancel' }));
    // Enter on the safe answer: nothing deleted.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Delete template?' })).toBeNull();
    expect(network.callsTo('delete', TEMPLATE)).toHaveLength(0);

    remove.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(network.callsTo('delete', TEMPLATE)).toHaveLength(1));
    expect(network.callsTo('delete', TEMPLATE)[0]!.params.id).toBe(ISOLATE);
    expect(await screen.findByText('Deleted Isolate on critical malware')).toBeTruthy();
    await waitFor(() => expect(within(grid).queryByText('Isolate on critical malware')).toBeNull());
    expect(within(grid).getByText('Weekly vulnerability digest')).toBeTruthy();
  });

  it('says so when the template could not be deleted, and keeps it', async () => {
    network.on('delete', TEMPLATE, () => apiError(500, 'Database unavailable'));
    const { user, grid } = await renderList();
    await user.keyboard('j');
    (await screen.findByRole('button', { name: 'Delete Isolate on critical malware' })).focus();
    await user.keyboard('{Enter}{Tab}{Enter}');
    expect(await screen.findByText('Unable to delete template')).toBeTruthy();
    expect(within(grid).getByText('Isolate on critical malware')).toBeTruthy();
  });
});
