import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The key an escalation signs its links with (stored with it, never answered). */
export const newAckKey = () => randomBytes(32).toString('base64url');

export interface AckClaim {
  escalationId: string;
  step: number;
  contact: number;
}

const signature = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** `<escalation>.<step>.<contact>.<HMAC>`: the link says who acknowledges, and only the server can make one. */
export function signAck(key: string, claim: AckClaim): string {
  const payload = `${claim.escalationId}.${claim.step}.${claim.contact}`;
  return `${payload}.${signature(key, payload)}`;
}

const SHAPE = /^([0-9a-f-]{36})\.(\d{1,2})\.(\d{1,2})\.([A-Za-z0-9_-]{43})$/;

/** The claim of a token's shape; its signature is checked once the escalation's key is read. */
export function parseAck(token: string): (AckClaim & { signature: string }) | null {
  const match = SHAPE.exec(token);
  if (!match) return null;
  return { escalationId: match[1]!, step: Number(match[2]), contact: Number(match[3]), signature: match[4]! };
}

export function ackSignatureValid(key: string, claim: AckClaim & { signature: string }): boolean {
  const expected = Buffer.from(signature(key, `${claim.escalationId}.${claim.step}.${claim.contact}`));
  const given = Buffer.from(claim.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
