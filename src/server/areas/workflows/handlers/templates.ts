import { and, asc, eq } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import type { Principal } from '../../../auth/principal.ts';
import { workflowTemplates } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { rejectNulCharacters } from '../../../platform/input.ts';
import { changedSinceRead, nextVersion } from '../../../platform/versioned.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { DEFAULT_DEFINITION, definitionWith } from '../definition.ts';
import { presentTemplate } from '../present.ts';
import { checkDefinition } from '../validate.ts';

async function loadTemplate(tx: Db, principal: Principal, id: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(workflowTemplates)
    .where(and(eq(workflowTemplates.id, id), eq(workflowTemplates.partnerId, principal.user.partnerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Template ${id}`);
  return row;
}

export const listWorkflowTemplates: Handler<'listWorkflowTemplates'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(workflowTemplates)
      .where(eq(workflowTemplates.partnerId, principal.user.partnerId))
      .orderBy(asc(workflowTemplates.name), asc(workflowTemplates.id)),
  );
  return { templates: rows.map(presentTemplate) };
};

export const getWorkflowTemplate: Handler<'getWorkflowTemplate'> = async (request) => {
  const principal = principalOf(request);
  return presentTemplate(await asCaller(request, (tx) => loadTemplate(tx, principal, request.params.id)));
};

export const createWorkflowTemplate: Handler<'createWorkflowTemplate'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { name, version: _ignored, ...fields } = request.body;
  const definition = definitionWith(DEFAULT_DEFINITION, fields);
  checkDefinition(definition, { publish: false });
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx
      .insert(workflowTemplates)
      .values({ partnerId: principal.user.partnerId, name, definition })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'workflow_template',
      entityId: created!.id,
      after: { name, definition },
    });
    return created!;
  });
  reply.code(201);
  return presentTemplate(row);
};

export const updateWorkflowTemplate: Handler<'updateWorkflowTemplate'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { name, version, ...fields } = request.body;
  const definition = definitionWith(DEFAULT_DEFINITION, fields);
  checkDefinition(definition, { publish: false });
  const row = await asCaller(request, async (tx) => {
    const before = await loadTemplate(tx, principal, request.params.id, { lock: true });
    if (before.version !== version)
      throw conflict(changedSinceRead(`Template ${before.id}`, before, version));
    const [updated] = await tx
      .update(workflowTemplates)
      .set({ ...nextVersion(workflowTemplates), name, definition })
      .where(eq(workflowTemplates.id, before.id))
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'workflow_template',
      entityId: before.id,
      before: { name: before.name, definition: before.definition },
      after: { name, definition },
    });
    return updated!;
  });
  return presentTemplate(row);
};

export const deleteWorkflowTemplate: Handler<'deleteWorkflowTemplate'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const before = await loadTemplate(tx, principal, request.params.id, { lock: true });
    await tx.delete(workflowTemplates).where(eq(workflowTemplates.id, before.id));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'workflow_template',
      entityId: before.id,
      before: { name: before.name, definition: before.definition },
    });
  });
  reply.code(204);
};
