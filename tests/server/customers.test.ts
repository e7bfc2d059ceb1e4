import { describe } from 'vitest';
import { backends } from '../helpers/database.ts';
import { chromePolicySuite } from './customers/chrome-policy.ts';
import { complianceSuite } from './customers/compliance.ts';
import { customersContext } from './customers/helpers.ts';
import { listCustomersSuite } from './customers/list.ts';
import { manageCustomersSuite } from './customers/manage.ts';
import { subscriptionReadsSuite } from './customers/subscription-reads.ts';
import { subscriptionsSuite } from './customers/subscriptions.ts';

describe.each(backends())('customers API on %s', (backend) => {
  const ctx = customersContext(backend);
  listCustomersSuite(ctx);
  manageCustomersSuite(ctx);
  subscriptionsSuite(ctx);
  subscriptionReadsSuite(ctx);
  chromePolicySuite(ctx);
  complianceSuite(ctx);
});
