export * from './agent-reports.ts';
export * from './fleet.ts';
export * from './logs.ts';
export * from './organisation.ts';
export * from './platform.ts';
export * from './security.ts';
export * from './threat.ts';
export * from './triage.ts';
