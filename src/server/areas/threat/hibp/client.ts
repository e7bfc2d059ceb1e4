import type { HibpSettings } from '../../../config.ts';
import type { BreachEntry } from '../../../db/schema/index.ts';
import { type Sleep, TokenBucket } from './token-bucket.ts';

/** The provider answered in a way another attempt may fix (rate limit, outage, network). */
export class BreachProviderBusy extends Error {}
/** The provider refused for good (bad key, bad account): retrying will not help. */
export class BreachProviderRefused extends Error {}

const USER_AGENT = 'Watchfloor-breach-lookup';
/** A Retry-After longer than this fails the attempt; the job's own backoff takes over. */
const LONGEST_WAIT_MS = 60_000;

interface ProviderBreach {
  Name?: string;
  Title?: string;
  Domain?: string;
  BreachDate?: string;
  PwnCount?: number;
  DataClasses?: string[];
  IsVerified?: boolean;
}

/**
 * Have I Been Pwned v3: `GET /breachedaccount/{account}` with the API key header and a user agent
 * (the provider refuses calls without one). Calls go through the plan's token bucket; a 429's
 * Retry-After holds the bucket back for every caller in this process.
 */
export class HibpClient {
  readonly bucket: TokenBucket;

  constructor(
    private readonly settings: HibpSettings,
    private readonly fetcher: typeof fetch = fetch,
    now: () => number = Date.now,
    sleep?: Sleep,
  ) {
    this.bucket = new TokenBucket(settings.ratePerMinute, 1, now, sleep);
    this.now = now;
  }

  private readonly now: () => number;

  get configured(): boolean {
    return Boolean(this.settings.key);
  }

  /** The account's breaches; none when the provider knows of none (404). */
  async breaches(account: string): Promise<BreachEntry[]> {
    if (!this.settings.key) throw new BreachProviderRefused('breach look-ups are not configured');
    if (this.bucket.waitMs() > LONGEST_WAIT_MS)
      throw new BreachProviderBusy('the provider asked to wait; trying again later');
    await this.bucket.take();
    const url = `${this.settings.url}/breachedaccount/${encodeURIComponent(account)}?truncateResponse=false`;
    let response: Response;
    try {
      response = await this.fetcher(url, {
        headers: { 'hibp-api-key': this.settings.key, 'user-agent': USER_AGENT, accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new BreachProviderBusy(`the provider could not be reached: ${(error as Error).message}`);
    }
    if (response.status === 404) return [];
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      this.bucket.pauseUntil(this.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 2) * 1000);
      throw new BreachProviderBusy(`rate limited by the provider (Retry-After ${seconds || 'not given'})`);
    }
    if (response.status === 401 || response.status === 403)
      throw new BreachProviderRefused(`the provider refused the API key (${response.status})`);
    if (response.status === 400) throw new BreachProviderRefused('the provider refused the account');
    if (!response.ok) throw new BreachProviderBusy(`the provider answered ${response.status}`);
    const body = (await response.json()) as ProviderBreach[];
    if (!Array.isArray(body))
      throw new BreachProviderBusy('the provider answered something other than a list');
    return body.map((b) => ({
      name: String(b.Name ?? ''),
      title: String(b.Title ?? b.Name ?? ''),
      domain: String(b.Domain ?? ''),
      breach_date: b.BreachDate ?? null,
      pwn_count: typeof b.PwnCount === 'number' ? b.PwnCount : null,
      data_classes: Array.isArray(b.DataClasses) ? b.DataClasses.map(String) : [],
      verified: b.IsVerified === true,
    }));
  }
}
