import { type SQL, sql } from 'drizzle-orm';
import lucene, { type Node, type RangeNode, type TermNode } from 'lucene';
import { escapeLike } from '../../db/sql-helpers.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { compare, equals, fieldRef, WHOLE_EVENT } from './fields.ts';

export type QueryMode = 'keyword' | 'exact' | 'lucene';

/**
 * Which of the three modes a search term is in: a whole term in double quotes is an exact phrase;
 * a term with a field (`host:x`), boolean operators, groups, ranges or +/- is Lucene; anything
 * else is a partial keyword search.
 */
export function detectMode(term: string): QueryMode {
  const trimmed = term.trim();
  if (/^"[^"]+"$/.test(trimmed)) return 'exact';
  if (/(^|[\s(])[+-]?[\w@.]+:|\b(AND|OR|NOT)\b|[()[\]{}]|(^|\s)[+-]\S|&&|\|\|/.test(trimmed)) return 'lucene';
  return 'keyword';
}

const contains = (text: SQL, value: string) => sql`${text} ilike ${`%${escapeLike(value)}%`}`;
/** Case-sensitive, as written; LIKE rather than strpos so the trigram index serves it too. */
const phraseIn = (text: SQL, phrase: string) => sql`${text} like ${`%${escapeLike(phrase)}%`}`;

/** The search term as a condition on log_events; every value a parameter. `true` when empty. */
export function compileTerm(term: string, mode: QueryMode = detectMode(term)): SQL {
  const trimmed = term.trim();
  if (trimmed === '') return sql`true`;
  if (mode === 'exact') {
    const phrase = trimmed.replace(/^"|"$/g, '');
    // Case-sensitive: the phrase as written, anywhere in the event.
    return phraseIn(WHOLE_EVENT, phrase);
  }
  if (mode === 'keyword') {
    // Every word somewhere in the event, in any case, as part of a longer word too.
    return and(trimmed.split(/\s+/).map((word) => contains(WHOLE_EVENT, word)));
  }
  let ast: Node;
  try {
    ast = lucene.parse(trimmed);
  } catch (error) {
    const at = (error as { location?: { start: { offset: number; column: number } } }).location?.start;
    if (!at) throw error;
    throw new ApiError(400, 'bad_request', `search_term: syntax error at position ${at.column}`, [
      { field: 'search_term', reason: `syntax error at position ${at.column}: ${(error as Error).message}` },
    ]);
  }
  return compileNode(ast);
}

/** Negation where a missing field (null) counts as not matching, so NOT keeps those events. */
export function not(condition: SQL): SQL {
  return sql`(not coalesce(${condition}, false))`;
}

export function and(parts: SQL[]): SQL {
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`;
}

function compileNode(node: Node): SQL {
  if ('term_min' in node) return compileRange(node);
  if ('term' in node) return compileTerm1(node);
  const left = compileNode(node.left);
  const start = node.start === 'NOT' ? not(left) : left;
  if (!node.right) return start;
  const right = compileNode(node.right);
  switch (node.operator) {
    case 'OR':
    case '||':
      return sql`(${start} or ${right})`;
    case 'AND NOT':
    case 'NOT':
      return sql`(${start} and ${not(right)})`;
    case 'OR NOT':
      return sql`(${start} or ${not(right)})`;
    default:
      // AND, && and the implicit operator: analysts expect every word to narrow (Kibana, Graylog).
      return sql`(${start} and ${right})`;
  }
}

/** A term's field and its prefix: the parser leaves `-field:x` as field "-field". */
function fieldAndPrefix(node: TermNode): { field: string; negate: boolean } {
  let field = node.field;
  let negate = node.prefix === '-';
  if (field.startsWith('-') || field.startsWith('+')) {
    negate = field.startsWith('-');
    field = field.slice(1);
  }
  return { field, negate };
}

function compileTerm1(node: TermNode): SQL {
  const { field, negate } = fieldAndPrefix(node);
  const term = node.term;
  let condition: SQL;
  if (node.regex) throw badRequest('search_term', 'regular expressions are not supported');
  if (field === '_exists_') {
    condition = sql`${fieldRef(term, 'search_term').text} is not null`;
  } else if (field === '<implicit>') {
    condition = node.quoted ? phraseIn(WHOLE_EVENT, term) : wildcardOrContains(WHOLE_EVENT, term);
  } else {
    const ref = fieldRef(field, 'search_term');
    const op = /^(>=|<=|>|<)(.+)$/.exec(term);
    if (op && !node.quoted) condition = compare(ref, op[1] as '>', op[2]!, 'search_term');
    else if (!node.quoted && /[*?]/.test(term)) condition = wildcard(ref.text, term);
    else condition = equals(ref, node.quoted ? term : lucene.term.unescape(term), 'search_term');
  }
  return negate ? not(condition) : condition;
}

function wildcard(text: SQL, term: string): SQL {
  const pattern = escapeLike(term).replaceAll('*', '%').replaceAll('?', '_');
  return sql`${text} ilike ${pattern}`;
}

function wildcardOrContains(text: SQL, term: string): SQL {
  return /[*?]/.test(term) ? wildcard(text, `*${term}*`) : contains(text, term);
}

function compileRange(node: RangeNode): SQL {
  const ref = fieldRef(node.field, 'search_term');
  const lowInclusive = node.inclusive === 'both' || node.inclusive === 'left';
  const highInclusive = node.inclusive === 'both' || node.inclusive === 'right';
  const parts: SQL[] = [];
  if (node.term_min !== '*')
    parts.push(compare(ref, lowInclusive ? '>=' : '>', node.term_min, 'search_term'));
  if (node.term_max !== '*')
    parts.push(compare(ref, highInclusive ? '<=' : '<', node.term_max, 'search_term'));
  return parts.length ? and(parts) : sql`true`;
}
