import { useEffect } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import type { RouteName } from '../../routes.ts';
import { beginRouteLoad } from './route-loading.ts';

/** Shown while a screen's code loads: a large spinner, with the navigation markers set meanwhile. */
export function RouteLoading({ name }: { name: RouteName }) {
  useEffect(() => beginRouteLoad(name), [name]);
  return (
    <div className="page-loading">
      <Spinner size="large" />
    </div>
  );
}
