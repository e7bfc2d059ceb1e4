import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { socketUrl, startTerminalSession } from './api.ts';
import { type EndReason, TerminalSocket } from './terminal-socket.ts';
import type { XtermHandle } from './XtermView.tsx';

/** Where a session stands on this screen. */
export type SessionPhase =
  | { phase: 'starting' }
  | { phase: 'connecting'; host: string }
  | { phase: 'live'; host: string }
  | { phase: 'refused'; code: string; message: string }
  | { phase: 'ended'; host: string; reason: EndReason | 'lost' };

/**
 * One terminal session of the screen: started when the terminal is drawn (its size goes with
 * the request), its socket fed from the keyboard and into the terminal, ended by the user, the
 * server or leaving the screen.
 */
export function useTerminalSession(agentId: string, active: boolean) {
  const [state, setState] = useState<SessionPhase>({ phase: 'starting' });
  const terminal = useRef<XtermHandle | null>(null);
  const socket = useRef<TerminalSocket | null>(null);
  const attempt = useRef(0);
  const [drawn, setDrawn] = useState(false);

  const start = useCallback(async () => {
    const handle = terminal.current;
    if (!handle) return;
    const mine = ++attempt.current;
    socket.current?.close();
    socket.current = null;
    handle.reset();
    setState({ phase: 'starting' });
    const { cols, rows } = handle.size();
    try {
      const session = await startTerminalSession(agentId, clamp(cols, 20, 500), clamp(rows, 5, 200));
      if (mine !== attempt.current) return;
      const host = session.host_name;
      setState({ phase: 'connecting', host });
      socket.current = new TerminalSocket(socketUrl(session.socket_path), {
        ready: () => {
          setState({ phase: 'live', host });
          terminal.current?.focus();
        },
        output: (data) => terminal.current?.write(data),
        ended: (reason) => {
          terminal.current?.freeze();
          setState({ phase: 'ended', host, reason });
        },
      });
      const size = handle.size();
      if (size.cols !== cols || size.rows !== rows) socket.current.resize(size.cols, size.rows);
    } catch (error) {
      if (mine !== attempt.current) return;
      setState({
        phase: 'refused',
        code: error instanceof ApiError ? error.code : 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }, [agentId]);

  const onReady = useCallback((handle: XtermHandle) => {
    terminal.current = handle;
    setDrawn(true);
  }, []);

  // A session lives while its screen is on show: cached out of sight, the screen ends it (as the
  // console gone); shown again, it starts a new one.
  useEffect(() => {
    if (!drawn) return;
    if (active) {
      void start();
      return;
    }
    attempt.current++;
    socket.current?.close();
    socket.current = null;
  }, [active, drawn, start]);

  useEffect(
    () => () => {
      attempt.current++;
      socket.current?.close();
    },
    [],
  );

  return {
    state,
    onReady,
    start,
    input: (data: string) => socket.current?.input(data),
    resize: (cols: number, rows: number) => socket.current?.resize(cols, rows),
    end: () => socket.current?.end(),
    focusTerminal: () => terminal.current?.focus(),
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
