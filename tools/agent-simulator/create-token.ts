import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, ilike } from 'drizzle-orm';
import { hashSecret } from '../../src/server/areas/agents/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { agentEnrolmentTokens, customers } from '../../src/server/db/schema/index.ts';

/**
 * `npm run agents:token -- --customer <id|name> [--uses N] [--days D]` prints a new enrolment token
 * of the customer, written straight into the database the server uses (DATABASE_URL, or PGlite in
 * WATCHFLOOR_DATA: stop `npm start` first, PGlite serves one process). Staff normally create tokens
 * in the console (POST /api/agents/v1/enrolment-tokens); this is for demo fleets.
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    customer: { type: 'string' },
    uses: { type: 'string', default: '1000' },
    days: { type: 'string', default: '7' },
  },
});
if (!values.customer) {
  console.error('Usage: npm run agents:token -- --customer <id|name> [--uses N] [--days D]');
  process.exit(2);
}
const uses = Number(values.uses);
const days = Number(values.days);
if (!Number.isInteger(uses) || uses < 1 || !Number.isInteger(days) || days < 1) {
  console.error('agents:token: --uses and --days must be whole numbers, at least 1');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const wanted = values.customer;
  const isId = /^[0-9a-f-]{36}$/i.test(wanted);
  const found = await database.db
    .select({ customerId: customers.customerId, name: customers.name })
    .from(customers)
    .where(isId ? eq(customers.customerId, wanted) : ilike(customers.name, `${wanted}%`))
    .limit(2);
  if (found.length !== 1) {
    console.error(
      `agents:token: ${found.length ? 'more than one customer matches' : 'no customer matches'} "${wanted}"`,
    );
    process.exitCode = 1;
  } else {
    const customer = found[0]!;
    const secret = randomBytes(32).toString('base64url');
    const [token] = await database.db
      .insert(agentEnrolmentTokens)
      .values({
        customerId: customer.customerId,
        name: 'Simulated fleet',
        secretHash: hashSecret(secret),
        useLimit: uses,
        expiresAt: new Date(Date.now() + days * 86_400_000),
      })
      .returning({ tokenId: agentEnrolmentTokens.tokenId });
    console.error(
      `Enrolment token for ${customer.name} (${customer.customerId}), ${uses} uses, ${days} days:`,
    );
    console.log(`${token!.tokenId}.${secret}`);
  }
} finally {
  await database.close();
}
