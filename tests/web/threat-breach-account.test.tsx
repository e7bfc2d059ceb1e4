// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BreachResult } from '../../src/web/features/threat/BreachResult.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
});

describe("an account's breach look-up", () => {
  it("says the account's data could not be had, and why, when the call fails", async () => {
    network.on('get', '/api/threat/hibp/{account}', apiError(500, 'The breach store is down'));
    await renderInShell(<BreachResult account="lee@acme.example" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to get account data: The breach store is down');
  });
});
