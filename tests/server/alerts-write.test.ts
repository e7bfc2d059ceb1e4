import { describe } from 'vitest';
import { backends } from '../helpers/database.ts';
import { asOfSuite } from './alerts/as-of.ts';
import { auditSuite } from './alerts/audit.ts';
import { createSuite } from './alerts/create.ts';
import { discussionSuite } from './alerts/discussions.ts';
import { alertsContext } from './alerts/helpers.ts';
import { updateSuite } from './alerts/update.ts';

/** Alerts API, changing: updates and bulk updates, comments, creation, test alerts, merge, actions, re-runs, their audit. */
describe.each(backends())('alerts API, changing, on %s', (backend) => {
  const ctx = alertsContext(backend);
  updateSuite(ctx);
  discussionSuite(ctx);
  createSuite(ctx);
  auditSuite(ctx);
  asOfSuite(ctx);
});
