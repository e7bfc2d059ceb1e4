/** Events of the ticker machine. */
export type TickerEvent =
  /** A user is signed in: the timers start. */
  | { type: 'user-present' }
  /** The user left (sign-out, session expired): the timers stop. */
  | { type: 'user-gone' }
  /** One clock tick passed; the machine sends it to itself after `secondMs`. */
  | { type: 'second-elapsed' }
  /** Refresh at once (e.g. the customer selection changed), without moving the timers. */
  | { type: 'refresh-now' };
