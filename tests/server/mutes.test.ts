import { describe } from 'vitest';
import { backends } from '../helpers/database.ts';
import { createMuteSuite } from './mutes/create.ts';
import { getMuteSuite } from './mutes/get.ts';
import { mutesContext } from './mutes/helpers.ts';
import { listMutesSuite } from './mutes/list.ts';
import { newAlertsSuite } from './mutes/new-alerts.ts';
import { unmuteMuteSuite } from './mutes/unmute.ts';
import { updateMuteSuite } from './mutes/update.ts';

/** The mutes API: one app and data set per backend, every operation's suite on it in this order. */
describe.each(backends())('mutes API on %s', (backend) => {
  const ctx = mutesContext(backend);
  listMutesSuite(ctx);
  getMuteSuite(ctx);
  createMuteSuite(ctx);
  updateMuteSuite(ctx);
  unmuteMuteSuite(ctx);
  newAlertsSuite(ctx);
});
