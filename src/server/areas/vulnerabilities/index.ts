import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { listVulnerabilities, listVulnerableAgents } from './report.ts';

export { type RecentFinding, recentFindings } from './recent.ts';

/** The vulnerabilities report (spec 2, section 7 "Reports") out of what agents found on their endpoints. */
export const vulnerabilityHandlers: Handlers<'listVulnerabilities' | 'listVulnerableAgents'> = {
  listVulnerabilities,
  listVulnerableAgents,
};

export const vulnerabilitiesArea = defineArea({
  name: 'vulnerabilities',
  handlers: vulnerabilityHandlers,
});
