import { eq, sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { vacuumAnalyze } from '../db/maintenance.ts';
import { partners, users } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { type SeedOptions, seedDemoData } from './generate.ts';
import { generatePassword, hasSavedPassword, isMemory, savePassword } from './password.ts';

/** The demo a first start creates: big enough to feel real, quick enough (seconds) to wait for. */
export const DEFAULT_DEMO = { customers: 6, alerts: 5000, agents: 200, seed: 1 } as const;

/** Serialises first starts of several processes sharing one PostgreSQL database. */
const SEED_LOCK = 7_314_003;

export interface DemoNotice {
  accounts: string[];
  passwordNote: string;
}

/**
 * On first start (no partner yet) seeds the demo (the default one unless told) and returns its accounts with a note on the
 * password. The password is WATCHFLOOR_DEMO_PASSWORD, or generated here, saved to
 * `<dataDir>/demo-password.txt` (mode 0600) and shown in the note this one time only. On later
 * starts the note says where the password is. Returns null for a database with someone else's data.
 */
export async function ensureDemoData(
  db: Db,
  config: Pick<Config, 'dataDir' | 'demoPassword'> & Partial<Pick<Config, 'secretsKey'>>,
  demo: Pick<SeedOptions, 'customers' | 'alerts' | 'agents' | 'seed'> = DEFAULT_DEMO,
): Promise<DemoNotice | null> {
  let seeded = false;
  const notice = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [partner] = await tx.select({ id: partners.partnerId }).from(partners).limit(1);
    if (partner) return laterStart(tx as unknown as Db, config);
    seeded = true;

    const generated = config.demoPassword ? null : generatePassword();
    console.log('First start: creating demo data…');
    await seedDemoData(tx as unknown as Db, {
      ...demo,
      password: config.demoPassword ?? generated!,
      secretsKey: config.secretsKey,
    });
    let passwordNote = 'Password: the value of WATCHFLOOR_DEMO_PASSWORD';
    if (generated) {
      // Saved inside the transaction: if the file cannot be written, no demo is left without a password.
      const path = savePassword(config.dataDir, generated);
      passwordNote = path
        ? `Password: ${generated}  (shown once; kept in ${path})`
        : `Password: ${generated}  (shown once; in-memory database, not saved)`;
    }
    return { accounts: [...DEMO_ACCOUNTS], passwordNote };
  });
  if (seeded) await vacuumAnalyze(db);
  return notice;
}

async function laterStart(
  db: Db,
  config: Pick<Config, 'dataDir' | 'demoPassword'>,
): Promise<DemoNotice | null> {
  const [admin] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS[0]))
    .limit(1);
  if (!admin) return null;
  const accounts = [...DEMO_ACCOUNTS];
  // The variable may be set now although the demo was seeded with a generated password: check.
  if (config.demoPassword && (await verifyPassword(config.demoPassword, admin.hash))) {
    return { accounts, passwordNote: 'Password: the value of WATCHFLOOR_DEMO_PASSWORD' };
  }
  const path = hasSavedPassword(config.dataDir);
  if (path) return { accounts, passwordNote: `Password: see ${path}` };
  if (isMemory(config.dataDir)) {
    return {
      accounts,
      passwordNote: 'Password: shown when the demo data was created (in-memory database, not saved)',
    };
  }
  return {
    accounts,
    passwordNote: 'Password: not stored here; reseed with `npm run seed -- --reset` to set a new one',
  };
}
