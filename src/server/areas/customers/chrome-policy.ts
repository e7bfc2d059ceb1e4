import { badRequest } from '../../errors.ts';
import { INVALID_DOMAIN, normaliseDomain } from '../domains/index.ts';

export type DomainMode = 'off' | 'warn' | 'block';

/** What the browser extension enforces for one customer's people. */
export interface ChromePolicy {
  enabled: boolean;
  /** What a visit to a known-bad or lookalike domain does. */
  risky_domain_mode: DomainMode;
  /** Warn when a corporate password is typed on a site outside the allowed domains. */
  password_reuse_warning: boolean;
  allowed_domains: string[];
  blocked_domains: string[];
  /** A blocked visit becomes an alert of the customer. */
  report_blocked_visits: boolean;
}

/** Limits of the lists: enough for a real estate, small enough for Chrome's policy storage. */
export const MAX_DOMAINS = 500;
export const TOO_MANY_DOMAINS = `Please provide at most ${MAX_DOMAINS} domain names.`;
export const ALLOWED_AND_BLOCKED = 'A domain cannot be both allowed and blocked.';
const MODES: readonly DomainMode[] = ['off', 'warn', 'block'];

/** A customer that never saved a policy: the extension is off, and when turned on it warns. */
export const DEFAULT_CHROME_POLICY: ChromePolicy = {
  enabled: false,
  risky_domain_mode: 'warn',
  password_reuse_warning: true,
  allowed_domains: [],
  blocked_domains: [],
  report_blocked_visits: false,
};

/** The stored policy over the defaults (a value saved by an older version keeps its other fields). */
export function storedChromePolicy(stored: Record<string, unknown> | null): ChromePolicy {
  const policy = { ...DEFAULT_CHROME_POLICY, ...(stored ?? {}) } as ChromePolicy;
  if (!MODES.includes(policy.risky_domain_mode))
    policy.risky_domain_mode = DEFAULT_CHROME_POLICY.risky_domain_mode;
  return policy;
}

function domainList(values: readonly string[], field: string): string[] {
  if (values.length > MAX_DOMAINS) throw badRequest(field, TOO_MANY_DOMAINS);
  const names = values.map((value, index) => {
    const name = normaliseDomain(value);
    if (!name) throw badRequest(`${field}[${index}]`, INVALID_DOMAIN);
    return name;
  });
  return [...new Set(names)].sort();
}

/** The policy as saved: domains normalised (lower case, punycode), deduplicated and sorted; a 400 naming the first bad one. */
export function validChromePolicy(body: ChromePolicy): ChromePolicy {
  const allowed = domainList(body.allowed_domains, 'body.allowed_domains');
  const blocked = domainList(body.blocked_domains, 'body.blocked_domains');
  const both = blocked.findIndex((name) => allowed.includes(name));
  if (both >= 0) throw badRequest(`body.blocked_domains[${both}]`, ALLOWED_AND_BLOCKED);
  return {
    enabled: body.enabled,
    risky_domain_mode: body.risky_domain_mode,
    password_reuse_warning: body.password_reuse_warning,
    allowed_domains: allowed,
    blocked_domains: blocked,
    report_blocked_visits: body.report_blocked_visits,
  };
}

/**
 * The managed policy an administrator pastes into Google Admin (Chrome apps and extensions,
 * "Policy for extensions") or a Chrome policy file: where the console is, whose policy it is, and
 * the settings, in the extension's managed-storage names.
 */
export function managedChromePolicy(publicUrl: string, customerId: string, policy: ChromePolicy) {
  return {
    ServerUrl: { Value: publicUrl },
    ConnectUrl: { Value: `${publicUrl}/connectors/chrome` },
    CustomerId: { Value: customerId },
    Enabled: { Value: policy.enabled },
    RiskyDomainMode: { Value: policy.risky_domain_mode },
    PasswordReuseWarning: { Value: policy.password_reuse_warning },
    AllowedDomains: { Value: policy.allowed_domains },
    BlockedDomains: { Value: policy.blocked_domains },
    ReportBlockedVisits: { Value: policy.report_blocked_visits },
  };
}
