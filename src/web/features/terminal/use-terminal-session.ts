import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type {
  StartedTerminal,
  StartInput,
} from '../../../../machines/terminal-session/terminal-session.context.ts';
import type { TerminalSessionEvent } from '../../../../machines/terminal-session/terminal-session.events.ts';
import {
  type SocketCommand,
  terminalSessionMachine,
} from '../../../../machines/terminal-session/terminal-session.machine.ts';
import { useCan } from '../../session/use-can.ts';
import { socketUrl, startTerminalSession } from './api.ts';
import { TerminalSocket } from './terminal-socket.ts';
import type { XtermHandle } from './XtermView.tsx';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The terminal session machine with the real call, socket and terminal: a session starts when
 * the terminal is drawn and on show (its size goes with the request), output is written straight
 * into the terminal, and the screen cached out of sight or gone closes the socket (the server
 * ends the session as the console gone); shown again, it starts a new one.
 */
export function useTerminalSession(agentId: string, active: boolean) {
  const terminal = useRef<XtermHandle | null>(null);
  const [drawn, setDrawn] = useState(false);
  const can = useCan();
  const permitted = useRef(false);
  permitted.current = can('startTerminalSession');
  /** The open session's socket, while the machine's `socket` actor runs. */
  const socket = useRef<TerminalSocket | null>(null);

  const machine = useMemo(
    () =>
      terminalSessionMachine.provide({
        guards: { permitted: () => permitted.current },
        actions: {
          toSocket: (_, command: SocketCommand) => {
            if (command.type === 'input') socket.current?.input(command.data);
            else if (command.type === 'resize') socket.current?.resize(command.cols, command.rows);
            else socket.current?.end();
          },
          focusTerminal: () => terminal.current?.focus(),
          freezeTerminal: () => terminal.current?.freeze(),
          resetTerminal: () => terminal.current?.reset(),
        },
        actors: {
          // Left before it answered (the screen gone, a new start): the call is abandoned.
          startSession: fromPromise<StartedTerminal, StartInput>(({ input, signal }) =>
            startTerminalSession(
              input.agentId,
              clamp(input.cols, 20, 500),
              clamp(input.rows, 5, 200),
              signal,
            ),
          ),
          socket: fromCallback<TerminalSessionEvent, { socketPath: string }>(({ input, sendBack }) => {
            const open = new TerminalSocket(socketUrl(input.socketPath), {
              ready: () => sendBack({ type: 'socket.ready' }),
              output: (data) => terminal.current?.write(data),
              ended: (reason) => sendBack({ type: 'socket.ended', reason }),
            });
            // The terminal may have been fitted again while the session started.
            const size = terminal.current?.size();
            if (size) open.resize(size.cols, size.rows);
            socket.current = open;
            return () => {
              open.close();
              if (socket.current === open) socket.current = null;
            };
          }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { agentId } });

  const start = useCallback(() => {
    const size = terminal.current?.size();
    if (size) send({ type: 'start', cols: size.cols, rows: size.rows });
  }, [send]);

  const onReady = useCallback((handle: XtermHandle) => {
    terminal.current = handle;
    setDrawn(true);
  }, []);

  useEffect(() => {
    if (!drawn) return;
    if (active) start();
    else send({ type: 'leave' });
  }, [active, drawn, start, send]);

  return {
    snapshot,
    send,
    onReady,
    start,
    input: (data: string) => send({ type: 'input', data }),
    resize: (cols: number, rows: number) => send({ type: 'resize', cols, rows }),
    end: () => send({ type: 'end' }),
    focusTerminal: () => terminal.current?.focus(),
  };
}
