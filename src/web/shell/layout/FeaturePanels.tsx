import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { labsOn } from '../../../common/labs.ts';
import { FEATURE_PANELS } from '../../features/index.ts';
import { loadNamespaces } from '../../i18n/index.ts';
import { useSession } from '../../session/use-session.ts';

/** Each panel's component, loaded once with its area's translations. */
const LOADED = new Map<string, ComponentType>(
  FEATURE_PANELS.map((panel) => [
    panel.id,
    lazy(async () => {
      const [Component] = await Promise.all([panel.load(), loadNamespaces(panel.namespaces)]);
      return { default: Component };
    }),
  ]),
);

/**
 * What the areas show beside every screen (features' `panels`), for a signed-in user whose labs
 * toggles let them; the shell names none of them.
 */
export function FeaturePanels() {
  const { status, attributes } = useSession();
  const shown = useMemo(
    () => FEATURE_PANELS.filter((panel) => labsOn(attributes as Record<string, unknown>, panel.labs)),
    [attributes],
  );
  if (status !== 'ready') return null;
  return (
    <Suspense fallback={null}>
      {shown.map((panel) => {
        const Panel = LOADED.get(panel.id)!;
        return <Panel key={panel.id} />;
      })}
    </Suspense>
  );
}
