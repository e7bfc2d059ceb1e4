/** Events of a `<Ticker>`'s timer. */
export type IntervalEvent =
  | { type: 'enable' }
  | { type: 'disable' }
  | { type: 'set-interval'; interval: number }
  /** The interval passed; the machine sends it to itself. */
  | { type: 'interval-elapsed' };
