// @vitest-environment happy-dom
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { installDispatcher, SEQUENCE_TIMEOUT_MS } from '../../src/web/keyboard/dispatcher.ts';

/** A key pressed `ago` ms before it is handled (a busy page handles keys late). */
function press(key: string, ago = 0) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: performance.now() - ago });
  document.body.dispatchEvent(event);
}

describe('g then a letter', () => {
  let clock = 0;
  const go = vi.fn(() => true);
  const uninstall = installDispatcher({
    layer: () => null,
    openPalette: () => undefined,
    closeLayer: () => undefined,
    openHelp: () => undefined,
    go,
    now: () => clock,
  });
  afterEach(() => {
    go.mockClear();
    clock = 0;
  });
  afterAll(() => uninstall());

  it('goes when the letter follows within the time-out', () => {
    press('g');
    // Half the time-out: a test machine may hand the event over late, which counts against it.
    clock = SEQUENCE_TIMEOUT_MS / 2;
    press('c');
    expect(go).toHaveBeenCalledWith('c');
  });

  it('does not go when the letter comes later than the time-out', () => {
    press('g');
    clock = SEQUENCE_TIMEOUT_MS + 500;
    press('c');
    expect(go).not.toHaveBeenCalled();
  });

  it('counts when the keys were pressed, not when a busy page handled them', () => {
    press('g');
    clock = SEQUENCE_TIMEOUT_MS + 500;
    // Pressed 100 ms after g, handled 1.4 s later.
    press('c', SEQUENCE_TIMEOUT_MS + 400);
    expect(go).toHaveBeenCalledWith('c');
  });

  it('counts from when a busy page took the g, so a letter pressed as soon as it answers still goes', () => {
    clock = SEQUENCE_TIMEOUT_MS + 500;
    // Pressed 100 ms in, handled 1.4 s later.
    press('g', SEQUENCE_TIMEOUT_MS + 400);
    clock += 100;
    press('c');
    expect(go).toHaveBeenCalledWith('c');
  });

  it('keeps a letter that leads nowhere from the screen behind', () => {
    go.mockReturnValueOnce(false);
    const screenKeys: string[] = [];
    const listen = (event: KeyboardEvent) => {
      if (!event.defaultPrevented) screenKeys.push(event.key);
    };
    document.addEventListener('keydown', listen);
    press('g');
    press('r');
    press('r');
    document.removeEventListener('keydown', listen);
    expect(go).toHaveBeenCalledWith('r');
    // The second r is the screen's again: only the one after g was the sequence's.
    expect(screenKeys).toEqual(['r']);
  });
});
