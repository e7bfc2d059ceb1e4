import { describe } from 'vitest';
import { backends } from '../helpers/database.ts';
import { assignCaseAlertsSuite } from './cases-alerts/assign.ts';
import { listAndPostCaseDiscussionsSuite } from './cases-alerts/discussions.ts';
import { editCaseDiscussionsSuite } from './cases-alerts/discussions-edit.ts';
import { caseAlertsContext } from './cases-alerts/helpers.ts';
import { unassignCaseAlertSuite } from './cases-alerts/unassign.ts';

describe.each(backends())('case alerts and discussions on %s', (backend) => {
  const ctx = caseAlertsContext(backend);
  assignCaseAlertsSuite(ctx);
  unassignCaseAlertSuite(ctx);
  listAndPostCaseDiscussionsSuite(ctx);
  editCaseDiscussionsSuite(ctx);
});
