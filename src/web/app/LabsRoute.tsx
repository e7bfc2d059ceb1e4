import type { ReactNode } from 'react';
import type { RouteEntry } from '../routes.ts';
import { useLabs } from '../session/use-labs.ts';
import { Screen } from './Screen.tsx';

/** A labs feature's route is not there (page not found) until the user switches it on. */
export function LabsRoute({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  return useLabs(entry.labs) ? children : <Screen name="error_400" params={{}} />;
}
