import type { AreaRules } from './types.ts';

/** Platform updates: news from the provider to every customer. */
export const UPDATES_RULES: AreaRules = {
  getUpdate: { shared: 'platform updates are the provider’s news to every customer' },
  deleteUpdate: { shared: 'platform updates are the provider’s news to every customer' },
  changeUpdate: { shared: 'platform updates are the provider’s news to every customer' },
};
