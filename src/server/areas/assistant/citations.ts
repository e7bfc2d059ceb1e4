import type { Db } from '../../db/types.ts';
import { visibleIds } from './tool-queries.ts';

const CITATION = /\[(alert|case|agent):([0-9a-f-]{1,40})\]/gi;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Citation = { kind: 'alert' | 'case' | 'agent'; id: string };

/**
 * The ids an answer cites as [alert:ID], [case:ID], [agent:ID], each once, in order, and only
 * those the caller may see: the panel links them, and a made-up or foreign id links nowhere.
 */
export async function citationsOf(tx: Db, answer: string): Promise<Citation[]> {
  const found: Citation[] = [];
  for (const [, kind, id] of answer.matchAll(CITATION)) {
    const k = kind!.toLowerCase() as Citation['kind'];
    if (!found.some((c) => c.kind === k && c.id === id)) found.push({ kind: k, id: id! });
  }
  const numbers = (kind: 'alert' | 'case') =>
    found.filter((c) => c.kind === kind && /^\d{1,15}$/.test(c.id)).map((c) => Number(c.id));
  const visible = await visibleIds(tx, {
    alert: numbers('alert'),
    case: numbers('case'),
    agent: found.filter((c) => c.kind === 'agent' && UUID.test(c.id)).map((c) => c.id.toLowerCase()),
  });
  return found.filter((c) => visible[c.kind].has(c.kind === 'agent' ? c.id.toLowerCase() : c.id));
}
