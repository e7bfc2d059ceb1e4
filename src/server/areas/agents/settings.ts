import { eq } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import { agents, customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { ApiError } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { type AgentRow, visibleAgent } from './visible-agent.ts';

/** Spec 2, section 6: the reason the console shows and the API answers. */
export const NO_COMPLIANCE_LICENCE = 'Syslog forwarding is disabled without a compliance licence.';

/** The compliance licence is the customer's compliance SKU on its subscription. */
async function hasComplianceLicence(tx: Db, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ sku: customers.complianceSku, subscribed: customers.hasSubscription })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  return Boolean(row?.sku && row.subscribed);
}

function presentSettings(agent: AgentRow, licence: boolean): components['schemas']['AgentSettings'] {
  return {
    agent_id: agent.agentId,
    customer_id: agent.customerId,
    syslog_forwarder: agent.syslogForwarder,
    terminal_enabled: agent.terminalEnabled,
    compliance_licence: licence,
    syslog_forwarder_reason: licence ? null : NO_COMPLIANCE_LICENCE,
    applied: agent.appliedSettings,
  };
}

export const getAgentSettings: Handler<'getAgentSettings'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    return presentSettings(agent, await hasComplianceLicence(tx, agent.customerId));
  });
};

/**
 * The columns the list filters on and the `settings` the next check-in hands the agent change
 * together; turning the syslog forwarder on needs the compliance licence, turning it off never does.
 */
export const updateAgentSettings: Handler<'updateAgentSettings'> = async (request) => {
  const principal = principalOf(request);
  const body = request.body;
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id, { forUpdate: true });
    const licence = await hasComplianceLicence(tx, agent.customerId);
    if (body.syslog_forwarder === true && !licence) {
      throw new ApiError(403, 'compliance_licence_required', NO_COMPLIANCE_LICENCE, [
        { field: 'syslog_forwarder', reason: NO_COMPLIANCE_LICENCE },
      ]);
    }
    const syslogForwarder = body.syslog_forwarder ?? agent.syslogForwarder;
    const terminalEnabled = body.terminal_enabled ?? agent.terminalEnabled;
    const [updated] = await tx
      .update(agents)
      .set({
        syslogForwarder,
        terminalEnabled,
        settings: { ...agent.settings, syslog_forwarder: syslogForwarder, terminal_enabled: terminalEnabled },
      })
      .where(eq(agents.agentId, agent.agentId))
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'agent_settings',
      entityId: agent.agentId,
      customerId: agent.customerId,
      before: { syslog_forwarder: agent.syslogForwarder, terminal_enabled: agent.terminalEnabled },
      after: { syslog_forwarder: syslogForwarder, terminal_enabled: terminalEnabled },
    });
    return presentSettings(updated!, licence);
  });
};
