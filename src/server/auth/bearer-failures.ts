import { throttleAddress } from '../idp/throttle.ts';

export interface BearerFailureLimits {
  /** Bearers that were not valid (forged or revoked tokens, wrong API keys) one address may send per window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_BEARER_FAILURE_LIMITS: BearerFailureLimits = { perAddress: 120, windowSeconds: 60 };

/**
 * Addresses counted at most. Past it the oldest count is forgotten: a flood spread over more /64s
 * than this gets a fresh allowance per address, but memory stays bounded whatever it sends.
 */
const MAX_ADDRESSES = 100_000;
/** A dotted quad as ipaddr.js would print it: counted as it is, without parsing. */
const PLAIN_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

interface Window {
  failures: number;
  /** When the window ends, in milliseconds since 1970. */
  endsAt: number;
}

/**
 * Counts the bearers an address sent that were not valid, and once it has sent too many in the
 * window has its calls answered 429 before anything else is done for them (plugins/bearer-gate.ts):
 * a flood of forged tokens or guessed API keys then costs a map look-up a call, not a cookie, a
 * signature check or a database read. Counted in this process (a flood is refused where it lands
 * without writing to the shared database); an address is counted by its /64 for IPv6, as sign-in
 * throttling counts it. A window starts at an address's first failure and lasts `windowSeconds`.
 */
export class BearerFailures {
  /** In the order the windows started, so the ended ones are at the front. */
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly limits: BearerFailureLimits = DEFAULT_BEARER_FAILURE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the address may call again when it has used up its failures, else 0. */
  refusedFor(ip: string): number {
    const window = this.#windows.get(addressKey(ip));
    if (!window || window.failures < this.limits.perAddress) return 0;
    return Math.max(0, window.endsAt - this.now());
  }

  /** A bearer from the address was not valid. */
  failed(ip: string): void {
    const key = addressKey(ip);
    const now = this.now();
    const window = this.#windows.get(key);
    if (window && now < window.endsAt) {
      window.failures += 1;
      return;
    }
    if (window) this.#windows.delete(key);
    this.#forgetEnded(now);
    this.#windows.set(key, { failures: 1, endsAt: now + this.limits.windowSeconds * 1000 });
  }

  #forgetEnded(now: number) {
    for (const [key, window] of this.#windows) {
      if (window.endsAt > now && this.#windows.size < MAX_ADDRESSES) return;
      this.#windows.delete(key);
    }
  }
}

const addressKey = (ip: string) => (PLAIN_IPV4.test(ip) ? ip : throttleAddress(ip));
