// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_RULES } from '../../src/api/contract-rules.ts';
import { fieldIssue } from '../../src/api/validate.ts';
import {
  formatTimestamp,
  parseOffset,
  parseTimestampFormat,
} from '../../src/web/components/timestamp-format.ts';
import { MdrProfile } from '../../src/web/features/profile/MdrProfile.tsx';
import { PreferencesForm } from '../../src/web/features/profile/PreferencesForm.tsx';
import i18next from '../../src/web/i18n/index.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

/** The preferences the server was asked to save, one PUT each, in order. */
const saved = () => network.callsTo('put', '/api/portal/v1/settings/').map((c) => c.body);

describe('timestamp format', () => {
  it("accepts offsets written hh:mm with an optional sign, up to 23:59 as the contract's rule says", () => {
    expect(parseOffset('02:00')).toBe(120);
    expect(parseOffset('-05:30')).toBe(-330);
    expect(parseOffset('+14:00')).toBe(840);
    expect(parseOffset('-23:59')).toBe(-1439);
    for (const bad of ['2:00', '24:00', '02:60', '0200', 'UTC+2', '', '+-02:00'])
      expect(parseOffset(bad), bad).toBeNull();
    expect(parseTimestampFormat('relative')).toEqual({ mode: 'relative' });
    expect(parseTimestampFormat('nonsense')).toEqual({ mode: 'local' });
  });

  it("accepts exactly the offsets the contract's rule accepts", () => {
    const rule = CONTRACT_RULES.UserAttributes.timestamp_format;
    const two = (n: number) => String(n).padStart(2, '0');
    for (const sign of ['', '+', '-'])
      for (let hours = 0; hours <= 30; hours++)
        for (const minutes of [0, 1, 30, 59, 60, 99]) {
          const offset = `${sign}${two(hours)}:${two(minutes)}`;
          expect(parseOffset(offset) !== null, offset).toBe(fieldIssue(offset, rule) === null);
        }
  });

  it('formats in UTC, at an offset and relative to now', () => {
    const iso = '2025-03-01T12:00:00Z';
    expect(formatTimestamp(iso, { mode: 'UTC' }, 0, 'en-GB')).toBe('1 Mar 2025, 12:00 UTC');
    expect(formatTimestamp(iso, parseTimestampFormat('-05:30'), 0, 'en-GB')).toBe(
      '1 Mar 2025, 06:30 UTC-05:30',
    );
    expect(formatTimestamp(iso, { mode: 'relative' }, Date.parse(iso) + 3 * 3_600_000, 'en-GB')).toBe(
      '3 hours ago',
    );
  });
});

describe('preferences', () => {
  async function renderForm() {
    signIn(network);
    await renderInShell(
      <>
        <PreferencesForm />
        <ToastArea />
      </>,
      { path: '/profile' },
    );
  }

  it('saves the theme at once, applies it and confirms with a toast', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(saved()).toEqual([{ theme: 'dark' }]));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect((await screen.findByText('Preferences saved')).closest('.toast')).not.toBeNull();
  });

  it('switches the language immediately', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await waitFor(() => expect(saved()).toEqual([{ locale: 'de-DE' }]));
    // The German strings of every namespace in use arrive first, then the page switches.
    expect(await screen.findByRole('combobox', { name: 'Sprache' }, { timeout: 5_000 })).toBeTruthy();
    expect(i18next.language).toBe('de-DE');
    await i18next.changeLanguage('en-GB');
  });

  it('saves the page size and the alert sound', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Default page size' }), '50');
    await waitFor(() => expect(saved()).toEqual([{ default_page_size: 50 }]));
    await user.click(screen.getByRole('switch', { name: /Alert sound/ }));
    await waitFor(() => expect(saved()).toEqual([{ default_page_size: 50 }, { alert_audio: true }]));
  });

  it('explains an invalid offset and saves a valid one', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Fixed offset' }));
    const offset = screen.getByRole('textbox', { name: 'Offset from UTC (hh:mm)' });
    await user.type(offset, '5:30{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter the offset as hh:mm with an optional sign, for example 02:00 or -05:30, at most 23:59.',
    );
    expect(offset.getAttribute('aria-invalid')).toBe('true');
    expect(saved()).toEqual([]);
    await user.clear(offset);
    await user.type(offset, '-05:30{Enter}');
    await waitFor(() => expect(saved()).toEqual([{ timestamp_format: '-05:30' }]));
    expect(offset.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves each e-mail notification and labs switch on its own, showing what is on', async () => {
    const user = userEvent.setup();
    await renderForm();
    const assigned = screen.getByRole('switch', { name: /Assigned alert/ });
    expect(assigned.getAttribute('aria-checked')).toBe('false');
    await user.click(assigned);
    await waitFor(() => expect(saved()).toEqual([{ email_assigned_alert: true }]));
    await waitFor(() => expect(assigned.getAttribute('aria-checked')).toBe('true'));
    await user.click(screen.getByRole('switch', { name: /Alert updated/ }));
    await user.click(screen.getByRole('switch', { name: 'Workflows' }));
    await user.click(assigned);
    await waitFor(() =>
      expect(saved()).toEqual([
        { email_assigned_alert: true },
        { email_alert_updated: true },
        { lab_workflows: true },
        { email_assigned_alert: false },
      ]),
    );
    const labs = screen.getByRole('group', { name: 'Labs' });
    expect(within(labs).getAllByRole('switch')).toHaveLength(9);
  });
});

describe('MDR profile', () => {
  const customer = (name: string, mdr: boolean, products: [string, 'active' | 'suspended'][] = []) => ({
    customer_id: crypto.randomUUID(),
    name,
    has_subscription: products.some(([, status]) => status === 'active'),
    mdr,
    created_time: '2025-01-01T00:00:00Z',
    modified_time: '2025-01-01T00:00:00Z',
    subscriptions: products.map(([product, status]) => ({
      subscription_id: crypto.randomUUID(),
      product,
      status,
      billing: 'endpoint' as const,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    })),
  });

  it('names the provider and the covered customers with their active subscriptions', async () => {
    signIn(network, { partner: { name: 'Northwind MSSP' } });
    await renderInShell(<MdrProfile />, {
      path: '/profile',
      data: {
        loaded: { customers: true, contacts: true, agents: true },
        customers: [
          customer('Acme', true, [
            ['EDR', 'active'],
            ['SIEM', 'suspended'],
          ]),
          customer('Globex', false, [['EDR', 'active']]),
          customer('Initech', true),
        ],
      },
    });
    expect(await screen.findByText('Northwind MSSP')).toBeTruthy();
    expect(screen.getByText('2 of 3 customers')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'CustomerActive subscriptions',
      'AcmeEDR',
      'InitechNo active subscription',
    ]);
    expect(screen.getByText(/1 other customer you can see is not covered/)).toBeTruthy();
  });

  it('says when no customer is covered', async () => {
    signIn(network);
    await renderInShell(<MdrProfile />, {
      path: '/profile',
      data: {
        loaded: { customers: true, contacts: true, agents: true },
        customers: [customer('Globex', false)],
      },
    });
    expect(await screen.findByText(/None of the customers you can see/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
