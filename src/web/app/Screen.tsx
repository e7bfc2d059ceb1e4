import { Suspense } from 'react';
import type { RouteName } from '../routes.ts';
import { RouteLoading } from '../shell/navigation/RouteLoading.tsx';
import { ScreenErrorBoundary } from '../shell/navigation/ScreenErrorBoundary.tsx';
import { SCREENS } from './screens.ts';

/** A route's screen, loaded on first use with the loading markers and a large spinner meanwhile. */
export function Screen({ name, params }: { name: RouteName; params: Record<string, string | undefined> }) {
  const Component = SCREENS[name];
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<RouteLoading name={name} />}>
        <Component params={params} route={name} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
