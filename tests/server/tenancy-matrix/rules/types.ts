import type { World } from '../world.ts';

export type Ids = World['ids'];
type Values = Record<string, string | number | string[]>;

/**
 * How one operation is called with the other customer's ids, and what the first customer's
 * credentials must get back.
 */
export interface MatrixRule {
  /** The path's parameters, from the other customer's rows (a `customer_id` parameter is filled in). */
  path?: (ids: Ids) => Values;
  /** Query parameters besides the customer ones, which always name the other customer. */
  query?: (ids: Ids) => Values;
  /** A body valid for the operation, naming the other customer's rows. */
  body?: (ids: Ids) => unknown;
  /**
   * `refused` (the default): 403 or 404. `filtered`: the operation limits a list or a count to the
   * customers it names, so naming only the other one answers exactly as naming a customer that
   * does not exist would (and never the other's rows). `unknown`: a customer named in the body is
   * refused exactly as one that does not exist is (400 naming the field). `websocket`: over plain
   * HTTP the address answers 426 before it reads anything (tests/server/terminal dials it).
   * `each`: a bulk change answers item by item, and every item is refused as not found.
   */
  expect?: 'refused' | 'filtered' | 'unknown' | 'websocket' | 'each';
  /** Text besides the other customer's marks that must not be in the answer. */
  absent?: string[];
  /**
   * The same call by someone who does reach the other customer (a global administrator, or
   * `owner`: the other customer's administrator, for rows that are a person's own) must answer
   * this status (any 2xx by default): proof that the ids name real rows and the call is valid, so
   * that the refusal is the reach's doing. `null` with a reason when no such caller exists (a
   * signed link).
   */
  control?: { as?: 'admin' | 'owner'; status?: number } | { none: string };
  /** The control removes or ends its row: it runs after every other control. */
  ends?: boolean;
}

/** An operation whose ids name nothing a customer owns: why. */
export interface SharedRule {
  shared: string;
}

/** One area's rules, by operation id. */
export type AreaRules = Record<string, MatrixRule | SharedRule>;

/** The control is the other customer's administrator: the row is a person's own. */
export const owner = { as: 'owner' as const };

/** No caller reaches the row but the link itself. */
export const signedLink = { none: 'a signed link is its only credential' };
