import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { idpStore } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

/** Expired rows are swept after this many writes per process, so no timer has to be stopped on close. */
const SWEEP_EVERY = 200;

/**
 * oidc-provider's storage in the idp_store table (system connection, no row-level security):
 * sessions, interactions, grants, codes and tokens survive restarts and are shared by every
 * process. One adapter instance per model name; rows are keyed by (model, id).
 */
export function drizzleAdapterFactory(db: Db): (model: string) => Adapter {
  let writes = 0;
  const sweep = () => {
    writes += 1;
    if (writes % SWEEP_EVERY !== 0) return;
    void db
      .delete(idpStore)
      .where(lt(idpStore.expiresAt, new Date()))
      .catch(() => undefined);
  };
  return (model) => new DrizzleAdapter(db, model, sweep);
}

class DrizzleAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
    private readonly afterWrite: () => void,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const row = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(idpStore)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [idpStore.model, idpStore.id], set: { ...row, consumedAt: null } });
    this.afterWrite();
  }

  find(id: string) {
    return this.findWhere(eq(idpStore.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(idpStore.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(idpStore.userCode, userCode));
  }

  async consume(id: string) {
    await this.db
      .update(idpStore)
      .set({ consumedAt: new Date() })
      .where(and(eq(idpStore.model, this.model), eq(idpStore.id, id)));
  }

  async destroy(id: string) {
    await this.db.delete(idpStore).where(and(eq(idpStore.model, this.model), eq(idpStore.id, id)));
  }

  /** Every artefact of the grant, whatever its model (codes, tokens): that is what revocation means. */
  async revokeByGrantId(grantId: string) {
    await this.db.delete(idpStore).where(eq(idpStore.grantId, grantId));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: idpStore.payload, consumedAt: idpStore.consumedAt })
      .from(idpStore)
      .where(
        and(
          eq(idpStore.model, this.model),
          condition,
          or(isNull(idpStore.expiresAt), gt(idpStore.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    // The provider reads `consumed` (epoch seconds) to refuse a second use of a code.
    return row.consumedAt
      ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : row.payload;
  }
}
