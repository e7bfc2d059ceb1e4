import { ALL_LABS_ON } from '../../common/labs.ts';
import { customers, partners, users } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { ACME_ADMIN, ACME_USER, DEMO_ACCOUNTS, PROVISIONING_ROBOT, STAFF_PERMISSIONS } from './accounts.ts';
import {
  COMPANY_NAMES,
  CONTACT_TITLES,
  FIRST_NAMES,
  LAST_NAMES,
  NAME_PARTS,
  PLACES,
  STAFF,
} from './catalogue/organisations.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef, Person } from './types.ts';

const DAY = 86_400_000;
/** Enough distinct people per customer for sign-in alerts to name a variety of users. */
const PEOPLE_PER_CUSTOMER = 24;

export interface Organisation {
  partnerId: string;
  customers: CustomerRef[];
  /** Staff whose e-mails alerts and cases get assigned to. */
  analysts: string[];
  users: number;
  /** Contact ids of the provider's staff (authors of activity, comments, mutes), by e-mail. */
  staff: { email: string; contactId: string; role: string }[];
  /** Contact ids of each customer's own users (they comment on their alerts too), by customer id. */
  customerUsers: Map<string, string[]>;
}

/** Lower-case ASCII letters only: e-mail local parts and host names must not carry umlauts or apostrophes. */
export function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function companyName(rng: Rng, index: number, taken: Set<string>): string {
  let name = COMPANY_NAMES[index] ?? '';
  while (!name || taken.has(name)) {
    name = `${rng.pick(NAME_PARTS.first)} ${rng.pick(NAME_PARTS.second)} ${rng.pick(NAME_PARTS.suffix)}`;
    if (taken.has(name)) name = `${name} ${index}`;
  }
  taken.add(name);
  return name;
}

/** acme.example for Acme Corp; longer names only when the short one is taken. */
function domainFor(name: string, index: number, taken: Set<string>): string {
  const parts = name.split(' ').map(ascii).filter(Boolean);
  const candidates = [parts[0], parts.slice(0, 2).join('-'), `${parts.slice(0, 2).join('-')}-${index}`];
  const slug = candidates.find((c) => c && !taken.has(c)) ?? `customer-${index}`;
  taken.add(slug);
  return `${slug}.example`;
}

function people(rng: Rng, domain: string, first: Person | null): Person[] {
  const out: Person[] = first ? [first] : [];
  const seen = new Set(out.map((p) => p.upn));
  for (let tries = 0; out.length < PEOPLE_PER_CUSTOMER && tries < PEOPLE_PER_CUSTOMER * 4; tries++) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const sam = `${ascii(firstName).charAt(0)}${ascii(lastName)}`;
    const upn = `${ascii(firstName).charAt(0)}.${ascii(lastName)}@${domain}`;
    if (seen.has(upn)) continue;
    seen.add(upn);
    out.push({ firstName, lastName, upn, sam });
  }
  return out;
}

function phone(rng: Rng, prefix: string, digits: number): string {
  // North American 555 numbers stay inside 555-0100…0199, the range reserved for fiction.
  if (prefix.endsWith('555')) return `${prefix}01${String(rng.int(0, 99)).padStart(2, '0')}`;
  return `${prefix}${String(rng.int(2, 9))}${String(rng.int(0, 10 ** (digits - 1) - 1)).padStart(digits - 1, '0')}`;
}

/** Inserts the partner, its customers and users; returns what the later generators draw from. */
export async function seedOrganisation(
  db: Db,
  rng: Rng,
  count: number,
  passwordHash: string,
  now: number,
): Promise<Organisation> {
  const [partner] = await db
    .insert(partners)
    .values({
      name: 'Watchfloor Demo MSSP',
      createdSource: null,
      data: { aviator_enabled: false },
      createdAt: new Date(now - 1200 * DAY),
    })
    .returning({ partnerId: partners.partnerId });
  const partnerId = partner!.partnerId;

  const names = new Set<string>();
  const domains = new Set<string>();
  const refs: CustomerRef[] = [];
  const rows: (typeof customers.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const name = companyName(rng, i, names);
    const domain = domainFor(name, i, domains);
    const place = i < PLACES.length ? PLACES[i]! : rng.pick(PLACES);
    const street = rng.pick(place.streets);
    const number = rng.int(1, 240);
    const streetFirst = ['DE', 'FI', 'NL', 'SE'].includes(place.iso);
    const created = now - rng.int(200, 1100) * DAY;
    const jordan: Person = {
      firstName: 'Jordan',
      lastName: 'Smith',
      upn: `j.smith@${domain}`,
      sam: 'jsmith',
    };
    const ref: CustomerRef = {
      index: i,
      customerId: rng.uuid(),
      name,
      domain,
      countryIso: place.iso,
      netbios:
        ascii(name.split(' ')[0] ?? name)
          .toUpperCase()
          .slice(0, 15) || `CUST${i}`,
      people: people(rng, domain, i === 0 ? jordan : null),
      agents: [],
      agentsByKind: { workstation: [], server: [], dc: [], linux: [], mac: [] },
      // Acme is the biggest estate; the one customer without a subscription sends only a trickle.
      weight: i === 0 ? 3 : i === count - 1 ? 0.4 : 0.6 + rng.float() * 1.8,
    };
    refs.push(ref);
    rows.push({
      customerId: ref.customerId,
      partnerId,
      name,
      // Exactly one customer (the last) has no subscription, so the console's upsell path has data.
      hasSubscription: i !== count - 1,
      // Every other subscribed customer (Acme first) holds the compliance SKU: syslog forwarding needs
      // it, and the compliance data screen has Acme's figures.
      complianceSku: i % 2 === 0 && i !== count - 1,
      phone: phone(rng, place.phonePrefix, place.localDigits),
      email: `${rng.pick(['it', 'security', 'info', 'helpdesk'])}@${domain}`,
      address: streetFirst ? `${street} ${number}` : `${number} ${street}`,
      city: place.city,
      state: place.state,
      country: place.country,
      zip: rng.pick(place.zips),
      countryIso: place.iso,
      url: `https://www.${domain}`,
      createdTime: new Date(created),
      modifiedTime: new Date(created + rng.int(0, 150) * DAY),
    });
  }
  await db.insert(customers).values(rows);

  const userRows: (typeof users.$inferInsert)[] = STAFF.map((s) => ({
    partnerId,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    passwordHash,
    roleLevel: 'Global',
    isAdmin: s.role === 'admin',
    permissions: [...STAFF_PERMISSIONS[s.role]],
    attributes: {
      title:
        s.role === 'admin' ? 'SOC Manager' : s.role === 'readonly' ? 'Account Manager' : 'Security Analyst',
    },
    lastLogin: new Date(now - rng.int(1, 72) * 3_600_000),
  }));
  userRows.push({
    partnerId,
    email: PROVISIONING_ROBOT,
    firstName: 'Provisioning',
    lastName: 'Robot',
    passwordHash,
    roleLevel: 'Global',
    isProvisioning: true,
    permissions: [...STAFF_PERMISSIONS.robot],
  });
  const acme = refs[0]!;
  userRows.push({
    partnerId,
    ...ACME_USER,
    passwordHash,
    roleLevel: 'Customer',
    validCustomerIds: [acme.customerId],
    attributes: { title: 'IT Manager' },
    lastLogin: new Date(now - rng.int(2, 200) * 3_600_000),
  });
  // One or two named contacts per customer, picked from its people.
  for (const ref of refs) {
    for (const person of ref.people.slice(1, 1 + rng.int(1, 2))) {
      userRows.push({
        partnerId,
        email: person.upn,
        firstName: person.firstName,
        lastName: person.lastName,
        passwordHash,
        roleLevel: 'Customer',
        validCustomerIds: [ref.customerId],
        attributes: { title: rng.pick(CONTACT_TITLES) },
        lastLogin: rng.chance(0.6) ? new Date(now - rng.int(1, 60) * DAY) : null,
      });
    }
  }
  // An outsourced IT contact who looks after two customers: scopes are not always a single customer.
  if (refs.length >= 3) {
    userRows.push({
      partnerId,
      email: 'r.silva@brightline-it.example',
      firstName: 'Rafael',
      lastName: 'Silva',
      passwordHash,
      roleLevel: 'Customer',
      validCustomerIds: [refs[1]!.customerId, refs[2]!.customerId],
      attributes: { title: 'External IT Consultant' },
    });
  }
  // Appended after every other row, and drawing nothing from the generator, so every earlier id
  // and value of the demo stays as it was.
  userRows.push({
    partnerId,
    email: ACME_ADMIN.email,
    firstName: ACME_ADMIN.firstName,
    lastName: ACME_ADMIN.lastName,
    passwordHash,
    roleLevel: 'Customer',
    validCustomerIds: [acme.customerId],
    permissions: [...ACME_ADMIN.permissions],
    attributes: { title: 'Head of IT' },
  });
  // Contact ids from their own stream, drawn last: fixed ids let comments and activity name their
  // authors, and drawing them here leaves every earlier draw (and so the rest of the demo) as it was.
  const ids = rng.fork(7);
  for (const row of userRows) row.contactId = ids.uuid();
  // The demo accounts show everything: every labs feature on (a new user starts with none).
  for (const row of userRows) {
    if ((DEMO_ACCOUNTS as readonly string[]).includes(row.email)) {
      row.attributes = { ...row.attributes, ...ALL_LABS_ON };
    }
  }
  await db.insert(users).values(userRows);

  const analysts = STAFF.filter((s) => s.role === 'analyst' || s.role === 'senior').map((s) => s.email);
  const staff = STAFF.map((s, i) => ({ email: s.email, role: s.role, contactId: userRows[i]!.contactId! }));
  const customerUsers = new Map<string, string[]>(refs.map((r) => [r.customerId, []]));
  for (const row of userRows) {
    if (row.roleLevel !== 'Customer') continue;
    for (const id of row.validCustomerIds ?? []) customerUsers.get(id)?.push(row.contactId!);
  }
  return { partnerId, customers: refs, analysts, users: userRows.length, staff, customerUsers };
}
