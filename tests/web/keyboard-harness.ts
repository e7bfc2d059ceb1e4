import { afterEach, beforeEach } from 'vitest';
import { installDispatcher } from '../../src/web/keyboard/dispatcher.ts';

/**
 * Installs the console's one key dispatcher around each test, as the command layer does in the
 * app, so a screen's list keys (useListKeys) reach it. No palette or overlay ever opens here.
 */
export function withKeyDispatcher() {
  let uninstall: () => void = () => undefined;
  beforeEach(() => {
    uninstall = installDispatcher({
      layer: () => null,
      openPalette: () => undefined,
      closeLayer: () => undefined,
      openHelp: () => undefined,
      go: () => false,
      now: () => Date.now(),
    });
  });
  afterEach(() => uninstall());
}
