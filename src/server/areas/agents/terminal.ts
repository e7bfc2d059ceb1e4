import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { OPERATION_ACCESS } from '../../../api/access.generated.ts';
import type { components } from '../../../api/schema.d.ts';
import { isEmail } from '../../../common/patterns.ts';
import { denial } from '../../../common/permissions.ts';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { accessSubject } from '../../contract/access.ts';
import { customers, terminalCertificates, users } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Handler } from '../../platform/handler.ts';
import { isStaff } from '../../platform/permissions.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { hashSecret, newSecret, revokeCredential } from '../../platform/secrets.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { compareVersions } from './status.ts';
import { visibleAgent } from './visible-agent.ts';

/** The first agent release with the interactive shell. */
export const TERMINAL_MIN_VERSION = '4.11.0';
const DEFAULT_VALID_DAYS = 30;

/** Spec 2, section 6: what the console says when the caller may not start a terminal. */
export const NO_TERMINAL_PERMISSION = 'You do not have permission to start a terminal';
export const NO_TERMINAL_CERTIFICATE =
  'You hold no terminal certificate for this customer: an Owner grants one by e-mail.';

/** The Owner role (spec 2, section 6): the provider's administrators grant terminal access. */
export const isOwner = (principal: Principal) => isStaff(principal) && principal.user.isAdmin;

/** Every column but the secret's hash, which request work may write and never read. */
const visible = {
  certificateId: terminalCertificates.certificateId,
  customerId: terminalCertificates.customerId,
  contactId: terminalCertificates.contactId,
  email: terminalCertificates.email,
  expiresAt: terminalCertificates.expiresAt,
  revokedAt: terminalCertificates.revokedAt,
  grantedBy: terminalCertificates.grantedBy,
  createdAt: terminalCertificates.createdAt,
};
type CertificateRow = { [K in keyof typeof visible]: (typeof terminalCertificates.$inferSelect)[K] };

function presentCertificate(c: CertificateRow, now: Date): components['schemas']['TerminalCertificate'] {
  return {
    certificate_id: c.certificateId,
    customer_id: c.customerId,
    contact_id: c.contactId,
    email: c.email,
    expires_at: c.expiresAt.toISOString(),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    granted_by: c.grantedBy,
    created_at: c.createdAt.toISOString(),
    state: c.revokedAt ? 'revoked' : c.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active',
  };
}

/** The user's certificate for the customer that expires last, while it is neither revoked nor expired. */
export async function liveCertificate(tx: Db, customerId: string, contactId: string, now: Date) {
  const [held] = await tx
    .select({ id: terminalCertificates.certificateId, expiresAt: terminalCertificates.expiresAt })
    .from(terminalCertificates)
    .where(
      and(
        eq(terminalCertificates.customerId, customerId),
        eq(terminalCertificates.contactId, contactId),
        isNull(terminalCertificates.revokedAt),
        gt(terminalCertificates.expiresAt, now),
      ),
    )
    .orderBy(desc(terminalCertificates.expiresAt))
    .limit(1);
  return held;
}

/**
 * Whether a terminal could start now, judged as startTerminalSession judges it: the caller's
 * permission and live certificate for the agent's customer, a version with the shell, the
 * terminal setting on, and the agent's outbound channel open to the relay (not its check-ins:
 * an agent that checks in but never dialled the channel cannot be reached).
 */
export const getTerminalCapability: Handler<'getTerminalCapability'> = async (request) => {
  const principal = principalOf(request);
  const now = new Date();
  const permitted = denial(OPERATION_ACCESS.startTerminalSession, accessSubject(principal)) === null;
  // Its channel may have reached another API process, which would relay the session. Asked before
  // the transaction: the embedded database has one connection, which the transaction holds.
  const relay = request.server.terminalRelay;
  const agentId = request.params.agent_id;
  const activeConnection = relay.isConnected(agentId) || (await relay.nodes.holderOfAgent(agentId)) !== null;
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    const held = await liveCertificate(tx, agent.customerId, principal.user.contactId, now);
    const supported = compareVersions(agent.version, TERMINAL_MIN_VERSION) >= 0;
    const capable = supported && agent.terminalEnabled;
    const allowed = permitted && held !== undefined;
    const reason = !permitted
      ? NO_TERMINAL_PERMISSION
      : !held
        ? NO_TERMINAL_CERTIFICATE
        : !supported
          ? `Agent ${agent.version} has no terminal: it needs ${TERMINAL_MIN_VERSION} or later.`
          : !agent.terminalEnabled
            ? 'The terminal is turned off in this agent’s settings.'
            : !activeConnection
              ? 'The agent is not connected: it has no open channel to the server.'
              : null;
    return { active_connection: activeConnection, capable, allowed, reason };
  });
};

export const listTerminalCertificates: Handler<'listTerminalCertificates'> = async (request) => {
  const principal = principalOf(request);
  const owner = isOwner(principal);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select(visible)
      .from(terminalCertificates)
      .where(
        and(
          inIds(terminalCertificates.customerId, ids),
          owner ? undefined : eq(terminalCertificates.contactId, principal.user.contactId),
        ),
      )
      .orderBy(desc(terminalCertificates.createdAt), desc(terminalCertificates.certificateId)),
  );
  const now = new Date();
  return { certificates: rows.map((row) => presentCertificate(row, now)), can_grant: owner };
};

/** The certificate is mailed (through the outbox, in this transaction) and never shown in the console. */
export const grantTerminalCertificate: Handler<'grantTerminalCertificate'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  const email = body.email.trim();
  if (!isEmail(email)) throw badRequest('email', 'Please enter a valid Email');
  requireVisibleCustomer(principal, body.customer_id);
  const secret = newSecret();
  const days = body.valid_days ?? DEFAULT_VALID_DAYS;
  const row = await asCaller(request, async (tx) => {
    const [grantee] = await tx
      .select({ contactId: users.contactId, roleLevel: users.roleLevel, valid: users.validCustomerIds })
      .from(users)
      .where(
        and(sql`lower(${users.email}) = lower(${email})`, eq(users.partnerId, principal.user.partnerId)),
      );
    if (!grantee || (grantee.roleLevel !== 'Global' && !grantee.valid.includes(body.customer_id))) {
      throw badRequest('email', 'No user with this e-mail address can see this customer.');
    }
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.customerId, body.customer_id));
    const certificateId = randomUUID();
    const expiresAt = new Date(Date.now() + days * 86_400_000);
    const [created] = await tx
      .insert(terminalCertificates)
      .values({
        certificateId,
        customerId: body.customer_id,
        contactId: grantee.contactId,
        email,
        secretHash: hashSecret(secret),
        expiresAt,
        grantedBy: principal.user.contactId,
      })
      .returning(visible);
    await audit(tx, principal, {
      action: 'create',
      entity: 'terminal_certificate',
      entityId: certificateId,
      customerId: body.customer_id,
      after: { email, expires_at: expiresAt.toISOString() },
    });
    const name = customer?.name ?? body.customer_id;
    await queueMail(tx, {
      to: [email],
      subject: `Watchfloor terminal access for ${name}`,
      text: [
        `${principal.user.firstName} ${principal.user.lastName} (${principal.user.email}) granted you terminal access to every agent of ${name} until ${expiresAt.toISOString().slice(0, 10)}.`,
        '',
        'Your terminal certificate:',
        '',
        `${certificateId}.${secret}`,
        '',
        'Keep it private: it opens a shell on the customer’s endpoints. It stops working when it expires or is revoked.',
      ].join('\n'),
    });
    return created!;
  });
  reply.status(201);
  return presentCertificate(row, new Date());
};

export const revokeTerminalCertificate: Handler<'revokeTerminalCertificate'> = async (request) => {
  const principal = principalOf(request);
  const where = and(
    eq(terminalCertificates.certificateId, request.params.certificate_id),
    inIds(terminalCertificates.customerId, principal.scope.customerIds),
  );
  const credential = {
    entity: 'terminal_certificate',
    id: request.params.certificate_id,
    label: 'Terminal certificate',
  };
  const row = await asCaller(request, (tx) =>
    revokeCredential(
      tx,
      principal,
      credential,
      async () => (await tx.select(visible).from(terminalCertificates).where(where).for('update'))[0],
      async () =>
        (
          await tx
            .update(terminalCertificates)
            .set({ revokedAt: new Date(), revokedBy: principal.user.contactId })
            .where(where)
            .returning(visible)
        )[0],
    ),
  );
  return presentCertificate(row, new Date());
};
