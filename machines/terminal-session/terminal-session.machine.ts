import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { asContractError } from '../shared/contract-error.ts';
import type {
  StartedTerminal,
  StartInput,
  TerminalSessionContext,
  TerminalSessionInput,
} from './terminal-session.context.ts';
import type { TerminalSessionEvent } from './terminal-session.events.ts';

/** What the session's socket is told: keystrokes, a new size, the end asked for. */
export type SocketCommand =
  | { type: 'input'; data: string }
  | { type: 'resize'; cols: number; rows: number }
  | { type: 'end' };

/**
 * A live terminal on an agent (issue 27, spec 2 section 6): `start` asks the server for a session
 * (Refused straight away, without a call, when the person may not start terminals: a 403 would
 * end their sign-in), then its socket is open while Connecting (the agent joining) and Live, and
 * the session Ended says why. Leaving the screen closes the socket (the server ends the session
 * as the console gone) and waits Idle for the next `start`. The call (`startSession`), the socket
 * (`socket`: `socket.ready`/`socket.ended` out, closed when the state is left; `toSocket`
 * sends it keystrokes, sizes and the end) and
 * the terminal's own reactions (`focusTerminal`, `freezeTerminal`, `resetTerminal`) are provided
 * by the screen.
 */
export const terminalSessionMachine = setup({
  types: {
    context: {} as TerminalSessionContext,
    events: {} as TerminalSessionEvent,
    input: {} as TerminalSessionInput,
  },
  actors: {
    startSession: fromPromise<StartedTerminal, StartInput>(async () => {
      throw new Error('startSession is provided by the screen');
    }),
    socket: fromCallback<TerminalSessionEvent, { socketPath: string }>(() => () => undefined),
  },
  actions: {
    /** Keystrokes, a size, the end asked for: to the open socket. */
    toSocket: (_, _command: SocketCommand) => undefined,
    focusTerminal: () => undefined,
    freezeTerminal: () => undefined,
    resetTerminal: () => undefined,
    rememberSize: assign(({ event }) =>
      event.type === 'start' ? { cols: event.cols, rows: event.rows } : {},
    ),
  },
  guards: {
    permitted: () => true,
  },
}).createMachine({
  id: 'terminalSession',
  context: ({ input }) => ({
    agentId: input.agentId,
    host: '',
    socketPath: null,
    cols: 80,
    rows: 24,
    refusal: null,
    reason: null,
  }),
  initial: 'Idle',
  // A start from anywhere begins anew: a session still open is left (its socket closed) first.
  on: {
    start: [
      { guard: 'permitted', target: '.Starting', reenter: true, actions: 'rememberSize' },
      {
        target: '.Refused',
        actions: assign({
          refusal: {
            code: 'forbidden',
            message: 'You do not have permission to start a terminal',
            fields: [],
          },
        }),
      },
    ],
  },
  states: {
    Idle: {},
    Starting: {
      entry: ['resetTerminal', assign({ refusal: null, reason: null, socketPath: null })],
      invoke: {
        id: 'startSession',
        src: 'startSession',
        input: ({ context }) => ({ agentId: context.agentId, cols: context.cols, rows: context.rows }),
        onDone: {
          target: 'Open',
          actions: assign({
            host: ({ event }) => event.output.host_name,
            socketPath: ({ event }) => event.output.socket_path,
          }),
        },
        onError: {
          target: 'Refused',
          actions: assign({ refusal: ({ event }) => asContractError(event.error) }),
        },
      },
      on: { leave: 'Idle' },
    },
    Open: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({ socketPath: context.socketPath! }),
      },
      initial: 'Connecting',
      states: {
        Connecting: { on: { 'socket.ready': { target: 'Live', actions: 'focusTerminal' } } },
        Live: {},
      },
      on: {
        input: { actions: { type: 'toSocket', params: ({ event }) => event } },
        resize: { actions: { type: 'toSocket', params: ({ event }) => event } },
        end: { actions: { type: 'toSocket', params: { type: 'end' } } },
        'socket.ended': {
          target: 'Ended',
          actions: ['freezeTerminal', assign({ reason: ({ event }) => event.reason, socketPath: null })],
        },
        leave: { target: 'Idle', actions: assign({ socketPath: null }) },
      },
    },
    Refused: {},
    Ended: {},
  },
});
