import { recipientsOf } from '../../components/form/index.ts';

/** Loose enough for any real address; the server checks each one again. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the typed recipients cannot be sent to: none, too many, or the first that is not an address. */
export function recipientsProblem(
  text: string,
): { kind: 'none' | 'many' | 'invalid'; address?: string } | null {
  const recipients = recipientsOf(text);
  if (recipients.length === 0) return { kind: 'none' };
  if (recipients.length > 50) return { kind: 'many' };
  const bad = recipients.find((r) => !EMAIL.test(r) || r.length > 254);
  return bad ? { kind: 'invalid', address: bad } : null;
}
