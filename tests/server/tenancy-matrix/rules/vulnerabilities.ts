import type { AreaRules } from './types.ts';

/** Vulnerabilities. */
export const VULNERABILITIES_RULES: AreaRules = {
  listVulnerabilities: { expect: 'filtered' },
  listVulnerableAgents: {
    query: () => ({ cve: 'CVE-2024-0001', platform: 'windows-11' }),
    expect: 'filtered',
  },
};
