import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { availability, type CommandEnv } from '../commands/palette-model.ts';
import { overlayStore } from '../commands/palette-store.ts';
import { navigationForLetter } from '../commands/registry.ts';
import { installDispatcher } from './dispatcher.ts';

/**
 * Installs the one global key dispatcher for as long as the console's layout is on screen.
 * `env` says what the user may open (navigation commands respect the route access rules).
 */
export function useGlobalKeys(env: CommandEnv): void {
  const [, navigate] = useLocation();
  const latest = useRef({ env, navigate });
  latest.current = { env, navigate };

  // Installed before the first paint: a key pressed as soon as the screen shows is never lost.
  useLayoutEffect(
    () =>
      installDispatcher({
        layer: overlayStore.get,
        // The palette searches the platform: only for a signed-in user (spec 1, section 6).
        openPalette: () => {
          if (latest.current.env.signedIn) overlayStore.open('palette');
        },
        openHelp: () => overlayStore.open('help'),
        closeLayer: overlayStore.close,
        go: (letter) => {
          const command = navigationForLetter(letter);
          if (!command || availability(command, latest.current.env) !== 'available') return false;
          latest.current.navigate(command.path);
          return true;
        },
        now: () => Date.now(),
      }),
    [],
  );
}
