/**
 * Seeds the journeys' demo once, into WATCHFLOOR_DATA, and closes it: each worker's console then
 * starts from a copy of that folder (scripts/e2e-server.mjs) instead of seeding one of its own.
 * The same first start as `npm start` makes (src/server/main.ts), without serving.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ensureDemoData } from '../src/server/seed/first-start.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: '', dataDir: config.dataDir });
await ensureDemoData(database.db, config);
await database.close();
