import type { AuthEpoch } from '../db/auth-epoch.ts';
import type { Db } from '../db/types.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { loadPrincipal, type Principal } from './principal.ts';
import type { SessionTokens } from './session-tokens.ts';

/** Callers kept at most; past it the oldest go first. A few thousand people signed in at once. */
const MAX_KEPT = 5_000;
/**
 * Refused tokens remembered at most; past it the oldest go first. A token refused once (forged,
 * expired, its session ended) is refused for good, so a replayed one costs a map look-up.
 */
const MAX_REFUSED = 10_000;
/** Longer tokens are not remembered (ours are a few hundred characters), so the set stays small. */
const MAX_REMEMBERED_LENGTH = 1_024;
/**
 * A backstop, not the mechanism: the epoch ends a caller at once on any change. This bounds what a
 * change made around the triggers (disabled by hand, a restore) could leave standing.
 */
const MAX_AGE_MS = 60_000;
/** What a refused session token is told, whatever the reason: forged, expired or ended. */
export const REFUSED_MESSAGE = 'Your session has timed out.';

interface Kept {
  principal: Principal;
  /** The auth epoch read before the principal was loaded. */
  epoch: number;
  /** The token's expiry or the backstop, whichever comes first. */
  until: number;
}

/**
 * The caller behind a console session token, resolved once and kept for the token's next calls.
 * Resolving costs a signature check and two reads (the session, the user with their partner and
 * customers); a signed-in screen makes several calls a second. A kept caller stands only while the
 * auth epoch has not moved since it was resolved: sign-out, a revoked session, the end of an
 * impersonation, a user changed or deleted (permissions, customers, admin rights, settings), their
 * partner changed, a customer of the partner added or removed each move it, in the transaction
 * of the change (migration 0043), so the very next call resolves the caller again from the
 * database. On PostgreSQL the epoch is read on every call, so a change made through another API
 * process counts at once too.
 *
 * Keyed by the whole token, so a kept caller is only ever handed to a bearer of the very token
 * whose signature was checked. API keys are not kept: each use is recorded anyway.
 */
export class SessionPrincipals {
  readonly #kept = new Map<string, Kept>();
  /** Tokens whose signature, claims or session were refused; keyed by the whole token, as #kept. */
  readonly #refused = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly tokens: SessionTokens,
    private readonly authEpoch: AuthEpoch,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether the token is refused without reading anything: a caller not kept whose token was
   * refused before, or is not ours by shape or signature. Synchronous and a few microseconds, so
   * the bearer gate (plugins/bearer-gate.ts) answers a forged token before the call costs more.
   */
  refusesAtOnce(token: string): boolean {
    if (this.#kept.has(token)) return false;
    if (this.#refused.has(token)) return true;
    if (this.tokens.signedHere(token)) return false;
    this.#remember(token);
    return true;
  }

  async forToken(token: string): Promise<Principal> {
    // A forged token is refused before the epoch is read (a database round trip on PostgreSQL):
    // a flood of them never reaches the database, and each is checked once.
    if (this.refusesAtOnce(token)) throw unauthorized(REFUSED_MESSAGE);
    // Read before resolving: a change that commits while the caller is loaded moves the epoch past
    // this value, so what was loaded (before or after the change) is never used again.
    const epoch = await this.authEpoch.current();
    const now = this.now();
    const kept = this.#kept.get(token);
    if (kept && kept.epoch === epoch && now < kept.until) return kept.principal;
    if (kept) this.#kept.delete(token);
    const session = await this.tokens.verify(token).catch((error: unknown) => {
      // Only the token's own verdict is final; a user turned away by loadPrincipal may come back.
      if (error instanceof ApiError && error.statusCode === 401) this.#refuse(token);
      throw error;
    });
    const principal = frozen(await loadPrincipal(this.db, session));
    this.#keep(token, { principal, epoch, until: Math.min(session.expiresAt, now + MAX_AGE_MS) });
    return principal;
  }

  #refuse(token: string): never {
    this.#remember(token);
    throw unauthorized(REFUSED_MESSAGE);
  }

  #remember(token: string) {
    if (token.length <= MAX_REMEMBERED_LENGTH && !this.#refused.has(token)) {
      if (this.#refused.size >= MAX_REFUSED) this.#refused.delete(this.#refused.values().next().value!);
      this.#refused.add(token);
    }
  }

  #keep(token: string, kept: Kept) {
    if (this.#kept.size >= MAX_KEPT) {
      const oldest = this.#kept.keys().next();
      if (!oldest.done) this.#kept.delete(oldest.value);
    }
    this.#kept.set(token, kept);
  }
}

/**
 * The principal is shared by every call of its token: frozen, so a handler that changed it in
 * place (instead of narrowing a copy, as reach-now.ts does) would fail loudly rather than leak
 * the change into the caller's later calls.
 */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}
