import { parseArgs } from 'node:util';
import { runFleet } from './fleet.ts';

/**
 * `npm run agents -- --customer <id|name> --count N [--interval S] [--url U] [--token T]`
 * Runs N simulated agents of one customer against a Watchfloor server. See README.md.
 */
const USAGE = `Usage: npm run agents -- --customer <id|name> --count N [--interval S] [--url U] [--token T] [--seed S] [--prefix P] [--terminal]

  --customer  the customer the token belongs to (its id, checked at enrolment; or its name,
              used for host names)
  --prefix    host names start with this instead (letters and digits, up to 10)
  --count     how many agents (default 5)
  --interval  seconds between check-ins (default 60, at least 10)
  --url       the server (default http://localhost:8080, or WATCHFLOOR_URL)
  --token     an enrolment token of the customer (or WATCHFLOOR_ENROLMENT_TOKEN)
  --seed      makes the same endpoints again (default 1)
  --terminal  each agent dials its terminal channel, so the console can open a shell on it`;

function fail(message: string): never {
  console.error(`agents: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    customer: { type: 'string' },
    count: { type: 'string', default: '5' },
    interval: { type: 'string', default: '60' },
    url: { type: 'string', default: process.env.WATCHFLOOR_URL ?? 'http://localhost:8080' },
    token: { type: 'string', default: process.env.WATCHFLOOR_ENROLMENT_TOKEN },
    seed: { type: 'string', default: '1' },
    prefix: { type: 'string' },
    terminal: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const interval = Number(values.interval);
const seed = Number(values.seed);
if (!values.customer) fail('say which customer (--customer)');
if (!values.token) fail('give an enrolment token of the customer (--token)');
if (!Number.isInteger(count) || count < 1) fail('--count must be a whole number, at least 1');
if (!Number.isInteger(interval) || interval < 10 || interval > 86_400)
  fail('--interval must be 10 to 86400 seconds');
if (!Number.isInteger(seed)) fail('--seed must be a whole number');

const customer = values.customer;
const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(customer);
/** Host names from letters and digits of the name, so they read like an estate's (`ACME-WS-001`). */
const hostPrefix = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, '')
    .slice(0, 10)
    .toUpperCase();
if (values.prefix !== undefined && !hostPrefix(values.prefix)) fail('--prefix needs letters or digits');
const prefix = values.prefix ? hostPrefix(values.prefix) : (isId ? '' : hostPrefix(customer)) || 'SIM';

const controller = new AbortController();
process.on('SIGINT', () => controller.abort());
process.on('SIGTERM', () => controller.abort());
try {
  const agents = await runFleet(
    {
      url: values.url,
      token: values.token,
      count,
      interval,
      prefix,
      seed,
      terminal: values.terminal,
      ...(isId ? { customerId: customer.toLowerCase() } : {}),
      log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    },
    controller.signal,
  );
  console.log(`stopped ${agents.length} agents`);
} catch (error) {
  console.error(`agents: ${(error as Error).message}`);
  process.exit(1);
}
