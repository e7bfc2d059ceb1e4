import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';

/** What a screen does with its terminal once it is drawn. */
export interface XtermHandle {
  write(data: string): void;
  reset(): void;
  focus(): void;
  size(): { cols: number; rows: number };
  /** Stops taking keystrokes (an ended session). */
  freeze(): void;
}

/** The terminal's own keys (Ctrl+Shift+letter), beside what it sends to the shell. */
export type TerminalShortcut = 'end' | 'leave';

interface Props {
  label: string;
  /** A replay: a fixed size, no keystrokes. */
  replay?: { cols: number; rows: number };
  onReady(handle: XtermHandle): void;
  onData?(data: string): void;
  onResize?(cols: number, rows: number): void;
  onShortcut?(shortcut: TerminalShortcut): void;
}

/**
 * xterm.js in this screen's chunk (never the first one): fitted to its box as the window
 * changes, copy with Ctrl+Shift+C (or the browser's own copy of a selection), paste with
 * Ctrl+Shift+V or the browser's paste, Ctrl+Shift+E to end and Ctrl+Shift+L to leave the terminal.
 */
export function XtermView({ label, replay, onReady, onData, onResize, onShortcut }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onReady, onData, onResize, onShortcut });
  callbacks.current = { onReady, onData, onResize, onShortcut };
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const labelNow = useRef(label);
  labelNow.current = label;

  // The name follows the session (the host is known once it starts) without redrawing the terminal.
  useEffect(() => {
    textarea.current?.setAttribute('aria-label', label);
  }, [label]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const terminal = new Terminal({
      cursorBlink: !replay,
      disableStdin: Boolean(replay),
      screenReaderMode: true,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: 14,
      ...(replay ? { cols: replay.cols, rows: replay.rows } : {}),
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    textarea.current = terminal.textarea ?? null;
    textarea.current?.setAttribute('aria-label', labelNow.current);
    terminal.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true;
      const key = event.key.toLowerCase();
      if (key === 'c' && terminal.hasSelection()) {
        void navigator.clipboard?.writeText(terminal.getSelection());
        return false;
      }
      if (key === 'v' && !replay) {
        void navigator.clipboard?.readText().then((text) => text && terminal.paste(text));
        return false;
      }
      if (key === 'e' || key === 'l') {
        event.preventDefault();
        callbacks.current.onShortcut?.(key === 'e' ? 'end' : 'leave');
        return false;
      }
      return true;
    });
    const data = terminal.onData((text) => callbacks.current.onData?.(text));
    const resized = terminal.onResize(({ cols, rows }) => callbacks.current.onResize?.(cols, rows));
    if (!replay) fit.fit();
    const observer = new ResizeObserver(() => {
      if (!replay && element.clientWidth > 0) fit.fit();
    });
    observer.observe(element);
    callbacks.current.onReady({
      write: (text) => terminal.write(text),
      reset: () => terminal.reset(),
      focus: () => terminal.focus(),
      size: () => ({ cols: terminal.cols, rows: terminal.rows }),
      freeze: () => {
        terminal.options.disableStdin = true;
        terminal.options.cursorBlink = false;
      },
    });
    return () => {
      observer.disconnect();
      data.dispose();
      resized.dispose();
      terminal.dispose();
    };
  }, [replay]);

  return <div ref={box} className={replay ? 'terminal-view terminal-view--replay' : 'terminal-view'} />;
}
