import { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/types.ts';

const boxes = new WeakMap<object, Promise<SecretBox>>();

/** The secret box of this database, opened once per connection (it may read the stored key). */
export function secretBoxOf(db: Db, configuredKey: string | undefined): Promise<SecretBox> {
  let box = boxes.get(db);
  if (!box) {
    box = SecretBox.open(db, configuredKey);
    box.catch(() => boxes.delete(db));
    boxes.set(db, box);
  }
  return box;
}

/** The sealed credentials of an integration as strings by name; none when never set. */
export function openSecrets(
  box: SecretBox,
  sealed: string | null,
  integrationId: string,
): Record<string, string> {
  if (!sealed) return {};
  const value = box.unseal(sealed, integrationId);
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}
