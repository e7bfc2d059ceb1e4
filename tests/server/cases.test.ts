import { describe } from 'vitest';
import { backends } from '../helpers/database.ts';
import { aggregateCasesSuite } from './cases/aggregate.ts';
import { createCaseSuite } from './cases/create.ts';
import { getCaseSuite } from './cases/get.ts';
import { casesContext } from './cases/helpers.ts';
import { listCasesSuite } from './cases/list.ts';
import { listSortedCasesSuite } from './cases/list-sorted.ts';
import { updateCaseSuite } from './cases/update.ts';

describe.each(backends())('cases API on %s', (backend) => {
  const ctx = casesContext(backend);
  listCasesSuite(ctx);
  listSortedCasesSuite(ctx);
  getCaseSuite(ctx);
  createCaseSuite(ctx);
  updateCaseSuite(ctx);
  aggregateCasesSuite(ctx);
});
