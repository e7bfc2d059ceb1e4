import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors.ts';
import { throttleAddress } from '../idp/throttle.ts';

export interface BearerFailureLimits {
  /** Bearers that were not valid (forged or revoked tokens, wrong API keys) one address may send per window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_BEARER_FAILURE_LIMITS: BearerFailureLimits = { perAddress: 120, windowSeconds: 60 };

/**
 * Counts the bearers an address sent that were not valid, and once it has sent too many in the
 * window answers its calls with 429 before any check: a flood of forged tokens or guessed API keys
 * then costs a map look-up a call, not a signature check or a database read. Counted in this
 * process (a flood is refused where it lands without writing to the shared database); an address
 * is counted by its /64 for IPv6, as sign-in throttling counts it.
 */
export class BearerFailures {
  private readonly limiter: RateLimiterMemory;

  constructor(private readonly limits: BearerFailureLimits = DEFAULT_BEARER_FAILURE_LIMITS) {
    this.limiter = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds });
  }

  /** Throws 429 when the address has used up its failures. */
  async refuseIfFlooding(ip: string): Promise<void> {
    const used = await this.limiter.get(throttleAddress(ip));
    if (used && used.consumedPoints >= this.limits.perAddress) throw tooMany(used.msBeforeNext);
  }

  /** A bearer from the address was not valid. */
  async failed(ip: string): Promise<void> {
    try {
      await this.limiter.consume(throttleAddress(ip));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }
}

const tooMany = (msBeforeNext: number) =>
  new ApiError(
    429,
    'rate_limited',
    `Too many calls with a credential that is not valid; retry in ${Math.ceil(msBeforeNext / 1000)} s.`,
  );
