import type { components } from '../../../api/schema.d.ts';
import type { ChromePolicy } from '../customers/index.ts';

export type ConnectorScope = components['schemas']['ConnectorScope'];

/**
 * What approving lets the extension do, from the customer's Chrome extension policy: it always
 * reads the policy (what to warn about and block); it reports blocked visits only when the
 * policy asks for them.
 */
export function scopesOfPolicy(policy: ChromePolicy): ConnectorScope[] {
  return policy.report_blocked_visits ? ['read_policy', 'report_blocked_visits'] : ['read_policy'];
}
