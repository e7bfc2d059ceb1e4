/** Events of the breach look-up machine. */
export type BreachLookupEvent =
  /** Look up this account (a new one, or the same again). */
  | { type: 'lookup'; account: string }
  /** Time to read the look-up again (every 10 s while it is in progress). */
  | { type: 'poll' }
  /** Start a failed look-up again, or repeat a read that failed. */
  | { type: 'retry' };
