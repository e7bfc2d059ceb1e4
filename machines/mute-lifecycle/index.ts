export { isConflict, isNotFound, messageOf, statusOf } from '../shared/contract-error.ts';
export type { SaveMuteInput } from './actors.ts';
export * from './draft.ts';
export * from './mute-lifecycle.context.ts';
export type { MuteLifecycleEvent } from './mute-lifecycle.events.ts';
export {
  type MuteLifecycleMachine,
  type MuteOperation,
  muteLifecycleMachine,
} from './mute-lifecycle.machine.ts';
export * from './selectors.ts';
