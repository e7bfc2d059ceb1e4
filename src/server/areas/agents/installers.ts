import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import { reachOver } from '../../auth/reach-now.ts';
import { agentEnrolmentTokens, agentInstallers, customers } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Handler } from '../../platform/handler.ts';
import { requireVisibleCustomer } from '../../platform/scope.ts';
import { hashSecret, newSecret } from '../../platform/secrets.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { bootstrapScript, type InstallerPlatform } from './installer-scripts.ts';

export const INSTALLER_JOB = 'build-agent-installer';
const INSTALLER_USES = 100;
const INSTALLER_DAYS = 7;
/** Every column request work may read: the enrolment token is write-only for it. */
const VISIBLE = {
  installerId: agentInstallers.installerId,
  customerId: agentInstallers.customerId,
  platform: agentInstallers.platform,
  status: agentInstallers.status,
  email: agentInstallers.email,
  createdAt: agentInstallers.createdAt,
  readyAt: agentInstallers.readyAt,
  expiresAt: agentInstallers.expiresAt,
};
type Row = { [K in keyof typeof VISIBLE]: (typeof agentInstallers.$inferSelect)[K] };

function present(row: Row): components['schemas']['AgentInstaller'] {
  return {
    installer_id: row.installerId,
    customer_id: row.customerId,
    platform: row.platform as InstallerPlatform,
    status: row.status as 'queued' | 'ready' | 'failed',
    email: row.email,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export const requestAgentInstaller: Handler<'requestAgentInstaller'> = async (request, reply) => {
  const principal = principalOf(request);
  const { customer_id, platform } = request.body;
  requireVisibleCustomer(principal, customer_id);
  const email = principal.user.email;
  if (!email) throw badRequest('email', 'Your account has no e-mail address to send the link to.');
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx
      .insert(agentInstallers)
      .values({
        installerId: randomUUID(),
        customerId: customer_id,
        platform,
        requestedBy: principal.user.contactId,
        email,
        serverUrl: request.server.config.publicUrl,
      })
      .returning(VISIBLE);
    await audit(tx, principal, {
      action: 'create',
      entity: 'agent_installer',
      entityId: created!.installerId,
      customerId: customer_id,
      after: { platform },
    });
    return created!;
  });
  // The job queue is the system's: the request's role may not write it.
  await enqueueJob(request.server.db, INSTALLER_JOB, { installer_id: row.installerId });
  reply.status(202);
  return present(row);
};

export const getAgentInstaller: Handler<'getAgentInstaller'> = async (request) => {
  const principal = principalOf(request);
  const [row] = await asCaller(request, (tx) =>
    tx
      .select(VISIBLE)
      .from(agentInstallers)
      .where(
        and(
          eq(agentInstallers.installerId, request.params.installer_id),
          inIds(agentInstallers.customerId, principal.scope.customerIds),
        ),
      ),
  );
  if (!row) throw notFound(`Installer ${request.params.installer_id}`);
  return present(row);
};

/**
 * The job: makes the installer's enrolment token and the link's key, and mails the link, in one
 * transaction (system connection), so a retried job never mails a link that does not work.
 */
export async function buildAgentInstaller(db: Db, installerId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [installer] = await tx
      .select()
      .from(agentInstallers)
      .where(eq(agentInstallers.installerId, installerId))
      .for('update');
    if (installer?.status !== 'queued') return false;
    // Made for whoever asked, as they are now: one who no longer sees the customer gets nothing.
    const reach = installer.requestedBy
      ? await reachOver(tx, { userId: installer.requestedBy }, [installer.customerId])
      : null;
    if (reach && 'refused' in reach) {
      await tx
        .update(agentInstallers)
        .set({ status: 'failed' })
        .where(eq(agentInstallers.installerId, installerId));
      return false;
    }
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.customerId, installer.customerId));
    const secret = newSecret();
    const key = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + INSTALLER_DAYS * 86_400_000);
    const [token] = await tx
      .insert(agentEnrolmentTokens)
      .values({
        customerId: installer.customerId,
        name: `Installer for ${installer.platform} (${installer.email})`,
        secretHash: hashSecret(secret),
        useLimit: INSTALLER_USES,
        expiresAt,
        createdBy: installer.requestedBy,
      })
      .returning({ tokenId: agentEnrolmentTokens.tokenId });
    await tx
      .update(agentInstallers)
      .set({
        status: 'ready',
        tokenId: token!.tokenId,
        enrolmentToken: `${token!.tokenId}.${secret}`,
        downloadKeyHash: hashSecret(key),
        expiresAt,
        readyAt: new Date(),
      })
      .where(eq(agentInstallers.installerId, installerId));
    const link = `${installer.serverUrl}/api/agents/v1/download/${installerId}?key=${key}`;
    await queueMail(tx, {
      to: [installer.email],
      subject: `Watchfloor agent installer for ${customer?.name ?? 'your customer'} (${installer.platform})`,
      text: [
        `The ${installer.platform} agent installer for ${customer?.name ?? installer.customerId} is ready:`,
        '',
        link,
        '',
        `It enrols up to ${INSTALLER_USES} endpoints until ${expiresAt.toISOString().slice(0, 10)}. Keep the link private: it carries the enrolment token.`,
      ].join('\n'),
    });
    return true;
  });
}

/** The mailed link's key is the credential; an unknown, wrong or expired one is simply not found. */
export const downloadAgentInstaller: Handler<'downloadAgentInstaller'> = async (request, reply) => {
  const [row] = await request.server.db
    .select()
    .from(agentInstallers)
    .where(eq(agentInstallers.installerId, request.params.installer_id));
  const given = createHash('sha256').update(request.query.key).digest();
  const valid =
    row?.status === 'ready' &&
    row.downloadKeyHash &&
    row.enrolmentToken &&
    row.expiresAt &&
    row.expiresAt.getTime() > Date.now() &&
    timingSafeEqual(given, Buffer.from(row.downloadKeyHash, 'hex'));
  if (!valid || !row?.enrolmentToken) throw notFound(`Installer ${request.params.installer_id}`);
  const platform = row.platform as InstallerPlatform;
  const file =
    platform === 'windows' ? 'watchfloor-agent-install.ps1' : `watchfloor-agent-install-${platform}.sh`;
  reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`);
  return bootstrapScript(platform, row.serverUrl, row.enrolmentToken) as never;
};
