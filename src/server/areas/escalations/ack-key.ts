import { randomUUID } from 'node:crypto';
import { eq, notLike } from 'drizzle-orm';
import { SecretBox } from '../../auth/secret-box.ts';
import { escalations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { newAckKey } from './token.ts';

const boxes = new WeakMap<object, Promise<SecretBox>>();

/**
 * The secret box that seals escalations' signing keys at rest, as integrations' credentials are
 * sealed (auth/secret-box.ts): WATCHFLOOR_SECRETS_KEY when set, else the key kept in the
 * database. Opened once per connection. Jobs have no config, so the key comes from the
 * environment both read.
 */
export function ackKeyBox(
  db: Db,
  configuredKey = process.env.WATCHFLOOR_SECRETS_KEY || undefined,
): Promise<SecretBox> {
  let box = boxes.get(db);
  if (!box) {
    box = SecretBox.open(db, configuredKey);
    box.catch(() => boxes.delete(db));
    boxes.set(db, box);
  }
  return box;
}

/** Each sealed key opens only on its own escalation's row. */
const boundTo = (escalationId: string) => `escalation:${escalationId}`;

/** A new escalation's id and its signing key, sealed for that id. */
export function newSealedAckKey(box: SecretBox): { escalationId: string; sealed: string } {
  const escalationId = randomUUID();
  return { escalationId, sealed: box.seal(newAckKey(), boundTo(escalationId)) };
}

/** The signing key of an escalation, opened (a key stored before sealing, until the sweep seals it, as it is). */
export function openAckKey(box: SecretBox, escalationId: string, sealed: string): string {
  if (!sealed.startsWith('v1.')) return sealed;
  return String(box.unseal(sealed, boundTo(escalationId)));
}

/**
 * Seals the keys stored in the clear before keys were sealed (values without the box's `v1.`
 * prefix): the same key, so the links already sent keep working. Run by the escalations sweep;
 * after the first run there is nothing left to do.
 */
export async function sealPlainAckKeys(db: Db): Promise<number> {
  const plain = await db
    .select({ id: escalations.id, ackKey: escalations.ackKey })
    .from(escalations)
    .where(notLike(escalations.ackKey, 'v1.%'));
  if (plain.length === 0) return 0;
  const box = await ackKeyBox(db);
  for (const row of plain)
    await db
      .update(escalations)
      .set({ ackKey: box.seal(row.ackKey, boundTo(row.id)) })
      .where(eq(escalations.id, row.id));
  return plain.length;
}
