import { lt } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { signInAttempts } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

export interface ThrottleLimits {
  /** Failed sign-ins a client address may make per window, whichever accounts it tries. */
  perAddress: number;
  addressWindowSeconds: number;
  /** Failed sign-ins an account may take per window, from whichever addresses. */
  perAccount: number;
  accountWindowSeconds: number;
}

const SWEEP_EVERY_MS = 5 * 60_000;

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAddress: 10,
  addressWindowSeconds: 60,
  // Higher than per address: a stranger's guesses must not lock a person out of their account at once.
  perAccount: 20,
  accountWindowSeconds: 15 * 60,
};

/**
 * One address for throttling: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, which is what
 * one customer line gets; otherwise every address of it would be a fresh start.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** The account as the sign-in form names it; bounded, since anyone may type anything there. */
const accountKey = (email: string) => email.toLowerCase().slice(0, 320);

/**
 * Throttles guessing at the sign-in form, by client address and by account. Every attempt takes a
 * point up front (so parallel guesses cannot overrun the limit) and a success gives it back, so
 * people who sign in often are never locked out. Kept in the database through
 * rate-limiter-flexible's Drizzle store (an atomic insert … on conflict … returning on our own
 * connection, on PGlite and PostgreSQL alike), so every API process shares the counts.
 */
export class SignInThrottle {
  private readonly byAddress: RateLimiterDrizzle;
  private readonly byAccount: RateLimiterDrizzle;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    limits: ThrottleLimits = DEFAULT_LIMITS,
  ) {
    const store = { storeClient: db, schema: signInAttempts, clearExpiredByTimeout: false };
    this.byAddress = new RateLimiterDrizzle({
      ...store,
      keyPrefix: 'address',
      points: limits.perAddress,
      duration: limits.addressWindowSeconds,
    });
    this.byAccount = new RateLimiterDrizzle({
      ...store,
      keyPrefix: 'account',
      points: limits.perAccount,
      duration: limits.accountWindowSeconds,
    });
  }

  /** Takes an attempt; false when the address or the account has used up its failures. */
  async attempt(ip: string, email: string): Promise<boolean> {
    await this.sweep();
    const results = await Promise.allSettled([
      this.byAddress.consume(throttleAddress(ip)),
      this.byAccount.consume(accountKey(email)),
    ]);
    for (const result of results) {
      if (result.status === 'rejected' && !(result.reason instanceof RateLimiterRes)) throw result.reason;
    }
    return results.every((result) => result.status === 'fulfilled');
  }

  /** Forgets expired counts now and then, on the back of an attempt rather than on a timer. */
  private async sweep() {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    await this.db.delete(signInAttempts).where(lt(signInAttempts.expire, new Date()));
  }

  /** A successful sign-in: its attempt does not count, and the account starts afresh. */
  async succeeded(ip: string, email: string): Promise<void> {
    await Promise.all([
      this.byAddress.reward(throttleAddress(ip), 1),
      this.byAccount.delete(accountKey(email)),
    ]);
  }
}
