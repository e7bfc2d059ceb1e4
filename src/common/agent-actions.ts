/** The thirteen response actions of spec 2, section 4, as the contract names them. */
export const AGENT_ACTION_TYPES = [
  'isolate',
  'deisolate',
  'upload_diagnostics',
  'full_disk_scan',
  'quarantine_file',
  'delete_file',
  'refresh_threat_hunts',
  'restart_agent',
  'prompt_full_disk_access',
  'uninstall',
  'force_upgrade',
  'shutdown_system',
  'restart_system',
] as const;
export type AgentActionType = (typeof AGENT_ACTION_TYPES)[number];

/** Quarantine and delete act on one file: they take its `path` (and `force`). */
export const actionTakesPath = (type: AgentActionType) =>
  type === 'quarantine_file' || type === 'delete_file';
