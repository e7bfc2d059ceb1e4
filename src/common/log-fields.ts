/**
 * The fields every stored log event has as columns (the rest are paths into its raw event): what
 * exports and searches name without a path, on the server and in the export dialog alike.
 */
export const COMMON_EVENT_FIELDS = [
  'time',
  'customer_id',
  'source',
  'host',
  'src_ip',
  'dst_ip',
  'user',
  'event_id',
  'severity',
  'message',
] as const;
export type CommonEventField = (typeof COMMON_EVENT_FIELDS)[number];
