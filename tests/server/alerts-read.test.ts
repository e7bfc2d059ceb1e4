import { describe } from 'vitest';
import { backends } from '../helpers/database.ts';
import { detailSuite } from './alerts/detail.ts';
import { alertsContext } from './alerts/helpers.ts';
import { listSuite } from './alerts/list.ts';

/** Alerts API, reading: list (first: it counts rows), aggregate, rules, detail, detections, integration, activity. */
describe.each(backends())('alerts API, reading, on %s', (backend) => {
  const ctx = alertsContext(backend);
  listSuite(ctx);
  detailSuite(ctx);
});
