import { isEmail } from '../../../../common/patterns.ts';
import { audit } from '../../../audit.ts';
import { ApiError, badRequest } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { enqueueBreachLookup } from './job.ts';
import { breachOwner, breachResult, ensureBreachLookup } from './lookup.ts';

export const breachNotConfigured = () =>
  new ApiError(
    503,
    'breach_lookup_not_configured',
    'Breach look-ups are not configured on this server: an administrator sets HIBP_API_KEY.',
  );

/** A valid e-mail address in lower case (the provider matches accounts without regard to case). */
export function breachAccount(value: string): string {
  const account = value.trim().toLowerCase();
  if (account.length > 254 || !isEmail(account)) throw badRequest('account', 'is not a valid e-mail address');
  return account;
}

/**
 * Spec 2, section 4: a look-up marks the account in progress and runs as a job; this and other
 * callers poll every 10 s (the answer says so) until it is done or has failed.
 */
export const getBreachLookup: Handler<'getBreachLookup'> = async (request) => {
  const account = breachAccount(request.params.account);
  if (!request.server.config.hibp.key) throw breachNotConfigured();
  const principal = principalOf(request);
  const { row, started } = await asCaller(request, async (tx) => {
    const result = await ensureBreachLookup(tx, principal, account, request.query.again === true);
    if (result.started)
      await audit(tx, principal, {
        action: 'threat.breach_lookup',
        entity: 'breach_lookup',
        entityId: result.row.id,
        customerId: breachOwner(principal),
        after: { account },
      });
    return result;
  });
  if (started) await enqueueBreachLookup(request.server.db, row.id);
  return breachResult(row);
};
