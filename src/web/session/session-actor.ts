import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../../machines/session/session.machine.ts';

/** The one session actor of the app, shared through React context by SessionProvider. */
export const SessionActor = createActorContext(sessionMachine);
