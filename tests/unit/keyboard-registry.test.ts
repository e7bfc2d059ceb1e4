import { describe, expect, it } from 'vitest';
import { allowedTargets } from '../../src/common/transitions.ts';
import { STATUS_TARGETS } from '../../src/web/commands/arguments.ts';
import {
  availability,
  type CommandEnv,
  exactAction,
  matchActions,
  parseInput,
  toChoice,
} from '../../src/web/commands/palette-model.ts';
import { ACTIONS, findCommand, G_KEYS, NAVIGATION, REGISTRY } from '../../src/web/commands/registry.ts';
import type { SearchCommandTarget } from '../../src/web/features/logs/command-target.ts';
import { rangeOfWord } from '../../src/web/features/logs/commands.ts';
import { chordOf } from '../../src/web/keyboard/keys.ts';
import { ROUTES } from '../../src/web/routes.ts';

const env = (over: Partial<CommandEnv> = {}): CommandEnv => ({
  signedIn: true,
  subject: { permissions: [], admin: false, attributes: {} },
  target: null,
  ...over,
});
const alerts = (ids: number[]): CommandEnv['target'] => ({
  kind: 'alerts',
  ids,
  versions: {},
  refresh: () => undefined,
  focusedId: ids[0] ?? null,
});

describe('the command registry', () => {
  it('has unique ids and unique key sequences', () => {
    const ids = REGISTRY.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const unique = (keys: readonly string[]) => expect(new Set(keys).size).toBe(keys.length);
    // The console's keys are one set; each screen's keys (lists, an alert) another, used only there.
    const screens = ['lists', 'alertList', 'alertScreen', 'dashboard'];
    const global = REGISTRY.filter((c) => !screens.includes(c.group)).flatMap((c) => c.keys);
    unique(global);
    for (const screen of screens) {
      const keys = REGISTRY.filter((c) => c.group === screen).flatMap((c) => c.keys);
      unique(keys);
      // A screen key never starts a console sequence (`g` waits for its letter), nor is one but Esc.
      for (const key of keys) {
        expect(global.filter((g) => g.startsWith(`${key} `))).toEqual([]);
        if (key !== 'esc') expect(global, key).not.toContain(key);
      }
    }
  });

  it('gives the alert screen its keys: Esc back, s status, p priority, c comment, m mute, a case', () => {
    const keys = Object.fromEntries(
      REGISTRY.filter((c) => c.group === 'alertScreen').map((c) => [c.id, c.keys.join(' ')]),
    );
    expect(keys).toEqual({
      'alert.back': 'esc',
      'alert.status': 's',
      'alert.priority': 'p',
      'alert.comment': 'c',
      'alert.mute': 'm',
      'alert.case': 'a',
    });
  });

  it('gives the alert list its own keys besides the list keys: f filter, u update, e export', () => {
    const keys = Object.fromEntries(
      REGISTRY.filter((c) => c.group === 'alertList').map((c) => [c.id, c.keys.join(' ')]),
    );
    expect(keys).toEqual({ 'alertList.filter': 'f', 'alertList.update': 'u', 'alertList.export': 'e' });
    // Used on the list together with the list keys: none of them is a list key.
    const listKeys = REGISTRY.filter((c) => c.group === 'lists').flatMap((c) => c.keys);
    for (const key of Object.values(keys)) expect(listKeys).not.toContain(key);
  });

  it('goes to every parameterless screen a signed-in person visits', () => {
    const expected = ROUTES.filter(
      (r) => !('open' in r && r.open) && !r.path.replace(/\/:[^/]+\?$/, '').includes(':'),
    ).map((r) => r.name);
    const screens = NAVIGATION.filter((c) => !c.path.includes('#'));
    expect(screens.map((c) => c.route).sort()).toEqual([...expected].sort());
    expect(findCommand('go.search')).toMatchObject({ path: '/search' });
  });

  it('goes to each administration tab by its address, with the screen’s access rule', () => {
    const tabs = NAVIGATION.filter((c) => c.path.includes('#'));
    expect(tabs.map((c) => c.path)).toEqual([
      '/admin#audit',
      '/admin#outbox',
      '/admin#jobs',
      '/admin#updates',
      '/admin#support',
      '/admin#machines',
    ]);
    // The screen follows the rule of its first call (administrators only, openapi x-access).
    for (const tab of tabs) expect(tab).toMatchObject({ route: 'admin', access: 'listSupportTasks' });
  });

  it('binds g + letter as the design says', () => {
    const keys = Object.fromEntries(NAVIGATION.filter((c) => c.keys.length).map((c) => [c.keys[0], c.path]));
    expect(keys).toEqual({
      'g a': '/alerts',
      'g c': '/cases',
      'g d': '/',
      'g v': '/vulnerabilities',
      'g n': '/agents',
      'g s': '/search',
      'g r': '/reports',
      'g t': '/threat',
      'g u': '/users',
      'g m': '/alerts/muted',
      'g p': '/profile',
      'g x': '/customers',
      'g o': '/domains',
    });
    expect(Object.keys(G_KEYS)).toHaveLength(13);
  });

  it('offers navigation only where the access rules allow', () => {
    const integrations = findCommand('go.integrations')!;
    const admin = findCommand('go.admin')!;
    expect(availability(integrations, env())).toBe('hidden');
    expect(
      availability(
        integrations,
        env({ subject: { permissions: ['global_user', 'read_integration'], admin: false, attributes: {} } }),
      ),
    ).toBe('available');
    expect(availability(admin, env())).toBe('hidden');
    expect(availability(admin, env({ subject: { permissions: [], admin: true, attributes: {} } }))).toBe(
      'available',
    );
    expect(availability(findCommand('go.alerts')!, env({ signedIn: false }))).toBe('hidden');
  });

  it('makes actions available only with a selection of their kind; agent actions wait for the agents screen', () => {
    const status = findCommand('alerts.status')!;
    expect(availability(status, env())).toBe('noSelection');
    expect(availability(status, env({ target: alerts([]) }))).toBe('noSelection');
    expect(availability(status, env({ target: alerts([1]) }))).toBe('available');
    const isolate = findCommand('agents.isolate')!;
    const mayAct = { permissions: ['modify_all'], admin: false, attributes: { lab_agent_actions: true } };
    expect(availability(isolate, env({ subject: mayAct, target: alerts([1]) }))).toBe('noAgentsScreen');
    // Acting on agents needs modify_all, and the screens show it only with the labs toggle on.
    expect(availability(isolate, env({ target: alerts([1]) }))).toBe('hidden');
    expect(availability(isolate, env({ subject: { ...mayAct, attributes: {} }, target: alerts([1]) }))).toBe(
      'hidden',
    );
  });

  it('offers the search commands only on the search screen, and those it cannot run now as not ready', () => {
    const run = () => undefined;
    const search = (actions: SearchCommandTarget['actions']): CommandEnv['target'] => ({
      kind: 'search',
      actions,
    });
    const exportCommand = findCommand('search.export')!;
    expect(availability(exportCommand, env())).toBe('noSearchScreen');
    expect(availability(exportCommand, env({ target: alerts([1]) }))).toBe('noSearchScreen');
    expect(availability(exportCommand, env({ target: search({ 'search.run': run }) }))).toBe('notReady');
    expect(availability(exportCommand, env({ target: search({ 'search.export': run }) }))).toBe('available');
    expect(toChoice(exportCommand, [], env({ target: search({}) }))).toMatchObject({
      complete: true,
      destructive: false,
      count: 0,
    });
  });

  it('gives every slash command its own word', () => {
    const words = ACTIONS.map((c) => c.slash);
    expect(new Set(words).size).toBe(words.length);
  });

  it('takes status targets from the transitions, never a system status', () => {
    const all = new Set(['new', 'open', 'closed'].flatMap((s) => allowedTargets(s)));
    for (const status of all) expect(STATUS_TARGETS).toContain(status);
    expect(STATUS_TARGETS).not.toContain('muted');
    expect(STATUS_TARGETS).not.toContain('preview');
    expect(STATUS_TARGETS).not.toContain('new');
  });
});

describe('slash commands', () => {
  it('reads the palette text', () => {
    expect(parseInput('SRV-DC')).toEqual({ mode: 'search', query: 'SRV-DC' });
    expect(parseInput('>sta')).toEqual({ mode: 'command', word: 'sta', rest: null });
    expect(parseInput('> status  closed')).toEqual({ mode: 'command', word: 'status', rest: 'closed' });
    expect(parseInput('>case add 12')).toEqual({ mode: 'command', word: 'case', rest: 'add 12' });
  });

  it('matches and parses arguments', () => {
    expect(matchActions('st').map((c) => c.slash)).toEqual(['status']);
    expect(matchActions('').length).toBe(ACTIONS.length);
    const status = exactAction('status')!;
    expect(status.parse('false positive')).toEqual(['false_positive']);
    expect(status.parse('muted')).toBeNull();
    const mute = exactAction('mute')!;
    expect(['1h', '1d', '7d', '30d'].map((d) => mute.parse(d))).toEqual([['1h'], ['1d'], ['7d'], ['30d']]);
    expect(mute.parse('2d')).toBeNull();
    const caseCommand = exactAction('case')!;
    expect(caseCommand.parse('new')).toEqual(['new']);
    expect(caseCommand.parse('add 123')).toEqual(['add', '123']);
    expect(caseCommand.parse('add x')).toBeNull();
    expect(exactAction('comment')!.parse('  looks benign ')).toEqual(['looks benign']);
    expect(exactAction('assign')!.parse('me')).toEqual(['me']);
    const range = exactAction('range')!;
    expect(['1m', '15m', '24h', '7d', '4w', '3mo', 'all'].map((r) => range.parse(r))).toEqual([
      ['1m'],
      ['15m'],
      ['24h'],
      ['7d'],
      ['4w'],
      ['3mo'],
      ['all'],
    ]);
    expect(range.parse('3h')).toBeNull();
    expect(['15m', '24h', 'all'].map((r) => rangeOfWord(r))).toEqual(['m15', 'h24', 'all']);
  });

  it('knows which commands are destructive: a resolution, false positive, mute, isolate', () => {
    const target = env({ target: alerts([1, 2, 3]) });
    const destructive = (id: string, args: string[]) => toChoice(findCommand(id)!, args, target).destructive;
    expect(destructive('alerts.status', ['closed'])).toBe(true);
    expect(destructive('alerts.status', ['accepted_risk'])).toBe(true);
    expect(destructive('alerts.status', ['acknowledged'])).toBe(false);
    expect(destructive('alerts.false-positive', [])).toBe(true);
    expect(destructive('alerts.mute', ['1d'])).toBe(true);
    expect(destructive('agents.isolate', [])).toBe(true);
    expect(destructive('alerts.priority', ['high'])).toBe(false);
    expect(toChoice(findCommand('alerts.mute')!, null, target)).toMatchObject({ complete: false, count: 3 });
  });
});

describe('keys and CSV', () => {
  it('names key presses as chords', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
      chordOf({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(key('g')).toBe('g');
    expect(key('J', { shiftKey: true })).toBe('shift+j');
    expect(key('k', { ctrlKey: true })).toBe('mod+k');
    expect(key('k', { metaKey: true })).toBe('mod+k');
    expect(key('?', { shiftKey: true })).toBe('?');
    expect(key('Escape')).toBe('esc');
    expect(key('Shift', { shiftKey: true })).toBeNull();
  });
});
