import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { vacuumAnalyze } from '../db/maintenance.ts';
import type { Db } from '../db/types.ts';
import { DEFAULT_DEMO } from './first-start.ts';
import { checkSeedCounts, type SeedProgress, seedDemoData } from './generate.ts';
import { generatePassword, isMemory, savePassword } from './password.ts';

/**
 * `npm run seed -- --customers 6 --alerts 1000000 --agents 2000 --seed 7 [--reset]`
 * Seeds the database the server would use (DATABASE_URL, or PGlite in WATCHFLOOR_DATA).
 * Exit codes: 0 done, 1 refused or failed, 2 bad arguments.
 */

const USAGE = `Usage: npm run seed -- [--customers N] [--alerts N] [--agents N] [--seed S] [--reset]

  --customers N  customers of the demo partner (default ${DEFAULT_DEMO.customers}, at least 5)
  --alerts N     alerts (default ${DEFAULT_DEMO.alerts})
  --agents N     agents, at least one per customer (default ${DEFAULT_DEMO.agents})
  --seed S       random seed: the same seed makes the same data (default ${DEFAULT_DEMO.seed})
  --reset        empty the demo tables (and rows that refer to them) first;
                 without it a database that has data is left alone`;

/** Deleted by --reset, children before parents. */
const SEEDED_TABLES = [
  'threat_sightings',
  'breach_lookups',
  'customer_indicators',
  'alert_activity',
  'detections',
  'discussions',
  'mutes',
  'alert_rules',
  'alert_requests',
  'integration_mappings',
  'integrations',
  'alerts',
  'cases',
  'agents',
  'users',
  'customers',
  'partners',
  'platform_updates',
  'threat_indicators',
];

const NUMBER_OPTIONS = ['customers', 'alerts', 'agents', 'seed'] as const;

function fail(message: string): never {
  console.error(`seed: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parse(argv: string[]) {
  // parseArgs reads `--alerts -5` as a missing value; join it so the message can say what is wrong.
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (NUMBER_OPTIONS.some((o) => arg === `--${o}`) && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else args.push(arg);
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        customers: { type: 'string' },
        alerts: { type: 'string' },
        agents: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: (typeof NUMBER_OPTIONS)[number]): number => {
    const raw = values[name];
    if (raw === undefined) return DEFAULT_DEMO[name];
    const text = String(raw).replaceAll('_', '');
    if (!/^\d+$/.test(text))
      fail(`--${name} must be a ${name === 'seed' ? 'non-negative' : 'positive'} integer, got "${raw}"`);
    return Number(text);
  };
  const counts = {
    customers: number('customers'),
    alerts: number('alerts'),
    agents: number('agents'),
    seed: number('seed'),
  };
  const problem = checkSeedCounts(counts);
  if (problem) fail(problem);
  return { ...counts, reset: values.reset === true };
}

function progressPrinter(started: number) {
  return (p: SeedProgress) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (p.phase === 'alerts') {
      const share = Math.round((100 * p.done) / p.total);
      console.log(
        `  alerts ${p.done.toLocaleString('en-GB')} / ${p.total.toLocaleString('en-GB')} (${share} %)  ${seconds} s`,
      );
    } else if (p.phase !== 'done')
      console.log(`  ${p.phase}: ${p.done.toLocaleString('en-GB')}  ${seconds} s`);
  };
}

/**
 * Empties the seeded tables. CASCADE also empties tables whose rows point at them (discussions,
 * mutes, activity of the old customers), which would otherwise block the delete; RESTART IDENTITY
 * makes alert and case numbers start at 1 again, so a reseed with the same seed gives the same ids.
 */
async function reset(db: Db) {
  await db.execute(sql.raw(`truncate table ${SEEDED_TABLES.join(', ')} restart identity cascade`));
}

const options = parse(process.argv.slice(2));
const config = loadConfig();
if (!config.databaseUrl && isMemory(config.dataDir))
  fail('WATCHFLOOR_DATA=memory:// would throw the data away on exit');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
let exitCode = 0;
try {
  const existing = await database.db.execute(sql`select 1 from partners limit 1`);
  const hasData = ((existing as unknown as { rows?: unknown[] }).rows ?? []).length > 0;
  if (hasData && !options.reset) {
    console.error(`seed: ${where} already has data; run again with --reset to delete it and seed afresh.`);
    exitCode = 1;
  } else {
    if (hasData) {
      console.log(`Deleting existing data in ${where}…`);
      await reset(database.db);
    }
    const generated = config.demoPassword ? null : generatePassword();
    console.log(
      `Seeding ${where}: ${options.customers} customers, ${options.agents} agents, ${options.alerts} alerts, seed ${options.seed}`,
    );
    const started = performance.now();
    const summary = await seedDemoData(database.db, {
      ...options,
      password: config.demoPassword ?? generated!,
      secretsKey: config.secretsKey,
      onProgress: progressPrinter(started),
    });
    console.log('Updating planner statistics…');
    await vacuumAnalyze(database.db);
    const seconds = summary.durationMs / 1000;
    console.log(
      `Done in ${seconds.toFixed(1)} s (${Math.round(summary.alerts / seconds).toLocaleString('en-GB')} alerts/s): ` +
        `${summary.customers} customers, ${summary.users} users, ${summary.agents} agents, ${summary.alerts} alerts, ` +
        `${summary.cases} cases, ${summary.updates} platform updates, ${summary.indicators} threat indicators, ` +
        `${summary.detections} detections, ${summary.discussions} comments, ${summary.activity} activity entries, ` +
        `${summary.mutes} mutes, ${summary.alertRules} alert rules, ${summary.integrations} integrations.`,
    );
    console.log('Demo accounts: admin@watchfloor.example, analyst@watchfloor.example, user@acme.example');
    if (generated) {
      const path = savePassword(config.dataDir, generated);
      console.log(`Password: ${generated}  (shown once; kept in ${path})`);
    } else console.log('Password: the value of WATCHFLOOR_DEMO_PASSWORD');
  }
} catch (error) {
  console.error(`seed: ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
