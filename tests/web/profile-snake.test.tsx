// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../../src/web/features/profile/ProfilePage.tsx';
import { SnakeGame } from '../../src/web/features/profile/snake/SnakeGame.tsx';
import { newGame, step, turn } from '../../src/web/features/profile/snake/snake-game.ts';
import { SECRET_SEQUENCE } from '../../src/web/features/profile/snake/use-secret-sequence.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});
afterEach(() => vi.unstubAllGlobals());

const first = () => 0;
const saved = () => network.callsTo('put', '/api/portal/v1/settings/').map((c) => c.body);

describe('the rules', () => {
  it('moves, refuses to fold back, grows on food and ends at a wall', () => {
    let game = newGame(first);
    expect(game.food).toEqual({ x: 0, y: 0 });
    expect(turn(game, 'left')).toBe(game);
    game = step(turn(game, 'up'), first);
    expect(game.snake[0]).toEqual({ x: 8, y: 7 });
    for (let i = 0; i < 7; i++) game = step(game, first);
    game = turn(game, 'left');
    for (let i = 0; i < 8; i++) game = step(game, first);
    expect(game).toMatchObject({ score: 1, over: false });
    expect(game.snake).toHaveLength(4);
    expect(step(game, first).over).toBe(true);
  });
});

function pressSequence() {
  for (const key of SECRET_SEQUENCE) fireEvent.keyDown(document.body, { key });
}

describe('the hidden game', () => {
  it('opens on the profile page from the secret sequence, and Esc leaves it', async () => {
    signIn(network);
    await renderInShell(<ProfilePage params={{}} route="profile" />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Preferences' });
    expect(screen.queryByRole('dialog', { name: 'Snake' })).toBeNull();
    pressSequence();
    const board = await screen.findByRole('application', { name: 'Snake board' });
    expect(screen.getByRole('dialog', { name: 'Snake' })).toBeTruthy();
    expect(document.activeElement).toBe(board);
    expect(screen.getByText(/Score 0 · Best 0/)).toBeTruthy();
    fireEvent.keyDown(board, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Snake' })).toBeNull());
  });

  it('stays off under reduced motion until asked for', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    signIn(network);
    await renderInShell(<ProfilePage params={{}} route="profile" />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Preferences' });
    pressSequence();
    expect(await screen.findByText(/asks for reduced motion/)).toBeTruthy();
    expect(screen.queryByRole('application')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play anyway' }));
    expect(await screen.findByRole('application', { name: 'Snake board' })).toBeTruthy();
  });

  it('is steered from the keyboard and keeps a new best score in the preferences', async () => {
    signIn(network, { attributes: { snake_high_score: 0 } });
    let tick = () => {};
    const ticker = (next: () => void) => {
      tick = next;
      return () => {
        tick = () => {};
      };
    };
    await renderInShell(<SnakeGame random={first} ticker={ticker} />, { path: '/profile' });
    const board = await screen.findByRole('application', { name: 'Snake board' });
    const steps = (n: number) => {
      for (let i = 0; i < n; i++) act(() => tick());
    };
    fireEvent.keyDown(board, { key: 'k' });
    steps(8);
    fireEvent.keyDown(board, { key: 'ArrowLeft' });
    steps(8);
    expect(screen.getByText(/Score 1/)).toBeTruthy();
    // Space pauses: a step asked for now changes nothing.
    fireEvent.keyDown(board, { key: ' ' });
    expect(screen.getByText('Paused.')).toBeTruthy();
    fireEvent.keyDown(board, { key: ' ' });
    steps(1);
    expect(await screen.findByText(/Game over\. A new best score, saved\./)).toBeTruthy();
    expect(saved()).toEqual([{ snake_high_score: 1 }]);
    expect(screen.getByText(/Best 1/)).toBeTruthy();
    // Enter starts again; a lower score keeps the best as it is.
    fireEvent.keyDown(board, { key: 'Enter' });
    expect(screen.getByText(/Score 0 · Best 1/)).toBeTruthy();
    steps(9);
    await waitFor(() => expect(screen.getByText(/Game over\./)).toBeTruthy());
    expect(saved()).toHaveLength(1);
  });
});
