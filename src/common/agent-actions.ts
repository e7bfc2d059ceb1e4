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

/**
 * Acting on agents (queueing or cancelling actions, deleting agents, changing their settings or
 * attributes) needs `modify_all`, for provider staff and customer users alike: isolating or
 * uninstalling an endpoint is not triage. The server refuses without it and the screens leave
 * out what it would refuse.
 */
export const AGENT_CONTROL_PERMISSION = 'modify_all';
export const canControlAgents = (permissions: readonly string[]) =>
  permissions.includes(AGENT_CONTROL_PERMISSION);
