/**
 * Seeds the journeys' demo once, into WATCHFLOOR_DATA, and closes it: each worker's console then
 * starts from a copy of that folder (scripts/e2e-server.mjs) instead of seeding one of its own.
 * The same first start as `npm start` makes (src/server/main.ts), without serving.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ensureDemoData } from '../src/server/seed/first-start.ts';
import { DEMO_PASSWORD } from '../tests/e2e/demo-password.ts';

// The journeys sign in with this password, whoever seeds their demo (npm test or a console).
const config = loadConfig({ ...process.env, WATCHFLOOR_DEMO_PASSWORD: DEMO_PASSWORD });
const database = await openDatabase({ databaseUrl: '', dataDir: config.dataDir });
await ensureDemoData(database.db, config);
await database.close();
