import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { agentActions, agentDiagnosticChunks, agentDiagnostics } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { agentOf, asAgent } from './agent-auth.ts';
import { visibleAgent } from './visible-agent.ts';

/** Bundles travel in chunks of 64 KB: small enough for any proxy's body limit, few enough to be quick. */
export const DIAGNOSTICS_CHUNK_SIZE = 65_536;

type BundleRow = typeof agentDiagnostics.$inferSelect;

export const startAgentDiagnosticsUpload: Handler<'startAgentDiagnosticsUpload'> = async (request, reply) => {
  const caller = agentOf(request);
  const { action_id, file_name, size_bytes, sha256 } = request.body;
  const chunkCount = Math.ceil(size_bytes / DIAGNOSTICS_CHUNK_SIZE);
  const bundle = await asAgent(request, async (tx) => {
    if (action_id) {
      const [action] = await tx
        .select({ type: agentActions.type })
        .from(agentActions)
        .where(and(eq(agentActions.actionId, action_id), eq(agentActions.agentId, caller.agentId)));
      if (!action) throw notFound(`Action ${action_id}`);
      if (action.type !== 'upload_diagnostics')
        throw badRequest('action_id', 'The action is not an upload-diagnostics action.');
    }
    const [row] = await tx
      .insert(agentDiagnostics)
      .values({
        agentId: caller.agentId,
        customerId: caller.customerId,
        actionId: action_id ?? null,
        fileName: file_name,
        sizeBytes: size_bytes,
        chunkCount,
        sha256,
      })
      .returning();
    return row!;
  });
  reply.status(201);
  return { bundle_id: bundle.bundleId, chunk_size: DIAGNOSTICS_CHUNK_SIZE, chunk_count: chunkCount };
};

export const uploadAgentDiagnosticsChunk: Handler<'uploadAgentDiagnosticsChunk'> = async (request) => {
  const caller = agentOf(request);
  const { bundle_id, index } = request.params;
  const data = Buffer.from(request.body.data, 'base64');
  return asAgent(request, async (tx) => {
    const [bundle] = await tx
      .select()
      .from(agentDiagnostics)
      .where(and(eq(agentDiagnostics.bundleId, bundle_id), eq(agentDiagnostics.agentId, caller.agentId)))
      .for('update');
    if (!bundle) throw notFound(`Diagnostics bundle ${bundle_id}`);
    if (bundle.status !== 'uploading') throw conflict(`The bundle is already ${bundle.status}.`);
    if (index >= bundle.chunkCount)
      throw badRequest('index', `The bundle has ${bundle.chunkCount} chunks, numbered from 0.`);
    const expected =
      index === bundle.chunkCount - 1
        ? bundle.sizeBytes - DIAGNOSTICS_CHUNK_SIZE * (bundle.chunkCount - 1)
        : DIAGNOSTICS_CHUNK_SIZE;
    if (data.length !== expected)
      throw badRequest('data', `Chunk ${index} must be ${expected} bytes; it was ${data.length}.`);
    await tx
      .insert(agentDiagnosticChunks)
      .values({ bundleId: bundle.bundleId, customerId: bundle.customerId, chunkIndex: index, data })
      .onConflictDoUpdate({
        target: [agentDiagnosticChunks.bundleId, agentDiagnosticChunks.chunkIndex],
        set: { data },
      });
    const progress = await chunkProgress(tx, bundle.bundleId);
    if (progress.chunks < bundle.chunkCount) return presentBundle(bundle, progress);
    const whole = await assemble(tx, bundle.bundleId);
    const matches = createHash('sha256').update(whole).digest('hex') === bundle.sha256;
    const [done] = await tx
      .update(agentDiagnostics)
      .set({ status: matches ? 'complete' : 'corrupt', completedAt: new Date() })
      .where(eq(agentDiagnostics.bundleId, bundle.bundleId))
      .returning();
    return presentBundle(done!, progress);
  });
};

interface Progress {
  chunks: number;
  bytes: number;
}

async function chunkProgress(tx: Db, bundleId: string): Promise<Progress> {
  const [row] = await tx
    .select({
      chunks: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${agentDiagnosticChunks.data})), 0)::int`,
    })
    .from(agentDiagnosticChunks)
    .where(eq(agentDiagnosticChunks.bundleId, bundleId));
  return row ?? { chunks: 0, bytes: 0 };
}

async function assemble(tx: Db, bundleId: string): Promise<Buffer> {
  const chunks = await tx
    .select({ data: agentDiagnosticChunks.data })
    .from(agentDiagnosticChunks)
    .where(eq(agentDiagnosticChunks.bundleId, bundleId))
    .orderBy(asc(agentDiagnosticChunks.chunkIndex));
  return Buffer.concat(chunks.map((chunk) => chunk.data));
}

function presentBundle(b: BundleRow, progress: Progress): components['schemas']['AgentDiagnosticsBundle'] {
  return {
    bundle_id: b.bundleId,
    agent_id: b.agentId,
    action_id: b.actionId,
    file_name: b.fileName,
    status: b.status as 'uploading' | 'complete' | 'corrupt',
    size_bytes: b.sizeBytes,
    received_bytes: progress.bytes,
    chunk_count: b.chunkCount,
    received_chunks: progress.chunks,
    sha256: b.sha256,
    created_at: b.createdAt.toISOString(),
    completed_at: b.completedAt?.toISOString() ?? null,
  };
}

export const getAgentDiagnostics: Handler<'getAgentDiagnostics'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    const rows = await tx
      .select({
        bundle: agentDiagnostics,
        // Qualified by hand: inside the subquery an unqualified bundle_id would be the chunk's own.
        chunks: sql<number>`(select count(*)::int from agent_diagnostic_chunks c where c.bundle_id = agent_diagnostics.bundle_id)`,
        bytes: sql<number>`(select coalesce(sum(octet_length(c.data)), 0)::int from agent_diagnostic_chunks c where c.bundle_id = agent_diagnostics.bundle_id)`,
      })
      .from(agentDiagnostics)
      .where(eq(agentDiagnostics.agentId, agent.agentId))
      .orderBy(desc(agentDiagnostics.createdAt), desc(agentDiagnostics.bundleId));
    return {
      bundles: rows.map((row) => presentBundle(row.bundle, { chunks: row.chunks, bytes: row.bytes })),
    };
  });
};

/** Diagnostics carry the endpoint's logs and configuration: provider staff download them, customers do not. */
export const downloadAgentDiagnostics: Handler<'downloadAgentDiagnostics'> = async (request, reply) => {
  const principal = principalOf(request);
  const { body, fileName } = await asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    const [bundle] = await tx
      .select()
      .from(agentDiagnostics)
      .where(
        and(
          eq(agentDiagnostics.bundleId, request.params.bundle_id),
          eq(agentDiagnostics.agentId, agent.agentId),
        ),
      );
    if (!bundle) throw notFound(`Diagnostics bundle ${request.params.bundle_id}`);
    if (bundle.status !== 'complete')
      throw conflict(`The bundle is ${bundle.status}; only a complete bundle can be downloaded.`);
    return { body: await assemble(tx, bundle.bundleId), fileName: bundle.fileName };
  });
  reply
    .type('application/octet-stream')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`);
  return body as never;
};
