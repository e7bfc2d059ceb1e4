import { eq, sql } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { conflict } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { customerNotFound, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { managedChromePolicy, storedChromePolicy, validChromePolicy } from './chrome-policy.ts';
import { complianceCsv, complianceData, complianceRange, NO_COMPLIANCE_SKU } from './compliance.ts';

async function customerRow(tx: Db, customerId: string, lock = false) {
  const query = tx
    .select({ chromePolicy: customers.chromePolicy, complianceSku: customers.complianceSku })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw customerNotFound(customerId);
  return row;
}

export const getCustomerChromePolicy: Handler<'getCustomerChromePolicy'> = async (request) => {
  const principal = principalOf(request);
  const { customer_id: id } = request.params;
  requireVisibleCustomer(principal, id);
  const row = await asCaller(request, (tx) => customerRow(tx, id));
  return storedChromePolicy(row.chromePolicy ?? null);
};

export const updateCustomerChromePolicy: Handler<'updateCustomerChromePolicy'> = async (request) => {
  const principal = principalOf(request);
  const { customer_id: id } = request.params;
  requireVisibleCustomer(principal, id);
  const policy = validChromePolicy(request.body);
  return asCaller(request, async (tx) => {
    const before = storedChromePolicy((await customerRow(tx, id, true)).chromePolicy ?? null);
    await tx
      .update(customers)
      .set({ chromePolicy: { ...policy }, modifiedTime: sql`now()` })
      .where(eq(customers.customerId, id));
    await audit(tx, principal, {
      action: 'update',
      entity: 'chrome_policy',
      entityId: id,
      customerId: id,
      before,
      after: policy,
    });
    return policy;
  });
};

export const getCustomerChromeManagedPolicy: Handler<'getCustomerChromeManagedPolicy'> = async (
  request,
  reply,
) => {
  const principal = principalOf(request);
  const { customer_id: id } = request.params;
  requireVisibleCustomer(principal, id);
  const row = await asCaller(request, (tx) => customerRow(tx, id));
  reply.header('content-disposition', `attachment; filename="watchfloor-chrome-policy-${id}.json"`);
  return managedChromePolicy(
    request.server.config.publicUrl,
    id,
    storedChromePolicy(row.chromePolicy ?? null),
  );
};

export const getCustomerComplianceData: Handler<'getCustomerComplianceData'> = async (request, reply) => {
  const principal = principalOf(request);
  const { customer_id: id } = request.params;
  requireVisibleCustomer(principal, id);
  const range = complianceRange(request.query);
  // A year of daily figures is read-heavy: read where such work reads (the replica while current).
  const data = await asReader(request, async (tx) => {
    if (!(await customerRow(tx, id)).complianceSku) throw conflict(NO_COMPLIANCE_SKU);
    return complianceData(tx, id, range);
  });
  if (request.query.format !== 'csv') return data;
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="compliance-data-${range.from}-${range.to}.csv"`);
  // The same rows through the shared CSV writer: the contract's text/csv answer.
  return complianceCsv(data) as unknown as typeof data;
};
