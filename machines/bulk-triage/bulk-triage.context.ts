/** The alerts a bulk update acts on: picked ids ("update N alerts"), or a filter ("update all"). */
export type BulkTargets =
  | {
      mode: 'ids';
      ids: number[];
      /** Version of each alert as the list read it; a stale one fails that alert with `conflict`. */
      versions: Record<number, number>;
      /** The distinct current statuses of the targets, for the allowed transitions. */
      statuses: string[];
    }
  | {
      mode: 'filter';
      /** The list's filters, as the contract's AlertFilter. */
      filter: Record<string, unknown>;
      /** How many alerts the filter matched when the person chose it. */
      count: number;
      /** The moment the list was read; alerts created or changed after it are left alone. */
      asOf?: string | null;
      statuses: string[];
    };

/** The fields a bulk update may set; omitted fields stay as they are. */
export interface BulkFields {
  status?: string;
  priority?: string;
  classification?: string | null;
  assigned_users?: string[];
}

export interface BulkRequest {
  targets: BulkTargets;
  fields: BulkFields;
  comment: string | null;
  commentPrivate: boolean;
}

/** What the server did with each alert. */
export interface BulkResult {
  updated: { id: number; version: number }[];
  failed: { id: number; code: string; message: string }[];
}

export interface BulkTriageContext {
  targets: BulkTargets | null;
  /** Statuses every target may move to (the intersection of their allowed transitions). */
  allowedStatuses: string[];
  fields: BulkFields;
  comment: string | null;
  commentPrivate: boolean;
  result: BulkResult | null;
  /** Why the whole request failed (not per alert). */
  error: string | null;
}
