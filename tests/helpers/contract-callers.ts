import type { TestApp } from './app.ts';

/** The credentials of the callers the contract names besides people: an agent and a log shipper. */
export interface MachineCallers {
  agentId: string;
  /** The enrolled agent's credential (`agentCredential`). */
  agentCredential: string;
  /** A log shipper's ingest token (`ingestToken`) and its id. */
  ingestToken: string;
  ingestTokenId: string | undefined;
}

/**
 * Enrols an agent and makes an ingest token at one customer, as `staff` would in the console, so
 * a walk over the contract can call each operation as its own caller.
 */
export async function machineCallers(
  t: TestApp,
  staff: { contactId: string },
  customerId: string,
): Promise<MachineCallers> {
  const enrolment = await t.as(staff, {
    method: 'POST',
    url: '/api/agents/v1/enrolment-tokens',
    payload: { customer_id: customerId, name: 'Fuzz' },
  });
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/agent/v1/enrol',
    payload: {
      token: enrolment.json().token,
      host_name: 'FUZZ-01',
      platform: 'windows-11',
      architecture: 'x64',
      version: '4.12.3',
    },
  });
  const ingest = await t.as(staff, {
    method: 'POST',
    url: '/api/search/v1/ingest-tokens',
    payload: { customer_id: customerId, name: 'Fuzz', source: 'windows' },
  });
  return {
    agentId: enrolled.json().agent_id,
    agentCredential: enrolled.json().credential,
    ingestToken: ingest.json().token,
    ingestTokenId: ingest.json().ingest_token?.token_id,
  };
}
