import './commands.css';
import { HelpOverlay } from '../keyboard/HelpOverlay.tsx';
import { useGlobalKeys } from '../keyboard/use-global-keys.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { useOverlay } from './palette-store.ts';
import { useCommandEnv } from './session.ts';

/**
 * The keyboard layer of the console, mounted once with the layout: the global key dispatcher,
 * the command palette and the `?` overlay.
 */
export function CommandLayer() {
  const { env, email } = useCommandEnv();
  useGlobalKeys(env);
  const overlay = useOverlay();
  if (overlay === 'palette') return <CommandPalette env={env} email={email} />;
  if (overlay === 'help') return <HelpOverlay />;
  return null;
}
