import { type LabsToggle, labsOn } from '../../common/labs.ts';
import { useSession } from './use-session.ts';

export type { LabsToggle } from '../../common/labs.ts';

/**
 * Whether this labs feature is on for the signed-in user (a user attribute, switched in the
 * profile). A screen hides what the toggle names while it is off; it is a preference, never a
 * permission, so the API's checks stay as they are.
 */
export function useLabs(toggle: LabsToggle | undefined): boolean {
  const { attributes } = useSession();
  return labsOn(attributes as Record<string, unknown>, toggle);
}
