import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { keepTabInside } from '../components/focus-trap.ts';
import { PALETTE_INPUT_ATTRIBUTE } from '../keyboard/dispatcher.ts';
import { useToasts } from '../shell/index.ts';
import { ConfirmPanel } from './ConfirmPanel.tsx';
import { PaletteList } from './PaletteList.tsx';
import { type CommandEnv, exactAction, parseInput, toChoice } from './palette-model.ts';
import { type PaletteItem, paletteSections } from './palette-sections.ts';
import { overlayStore } from './palette-store.ts';
import { useRecentCommands } from './recent.ts';
import { findCommand, type Labels, targetKind } from './registry.ts';
import { ThreatCard } from './ThreatCard.tsx';
import { type CommandTarget, selectedCount } from './target.ts';
import { useCommandFlow } from './use-command-flow.ts';
import { useOmnibox } from './use-omnibox.ts';

/** '3 alerts selected', '2 cases selected', …: what `>` commands would act on. */
function selectionText(l: Labels, target: CommandTarget): string {
  const count = selectedCount(target);
  return targetKind(target.kind)?.selection?.(l, count) ?? l.commands('palette.selection', { count });
}

/**
 * The command palette and omnibox (spec 1, section 2.5; DESIGN section 7): a modal dialog with
 * a cmdk combobox. Plain text searches the platform (the omnibox machine); `>` runs commands on
 * the current selection (the command flow machine). Mounted only while open.
 */
export function CommandPalette({ env, email }: { env: CommandEnv; email: string | null }) {
  const { t } = useTranslation('commands');
  const { t: routes } = useTranslation('routes');
  const labels: Labels = useMemo(() => ({ commands: t, routes }), [t, routes]);
  const [, navigate] = useLocation();
  const { notify } = useToasts();
  const recent = useRecentCommands();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const omnibox = useOmnibox();
  const flow = useCommandFlow({ target: env.target, labels, navigate, notify, email });

  const sections = useMemo(
    () => paletteSections({ input, env, labels, recent, groups: omnibox.groups }),
    [input, env, labels, recent, omnibox.groups],
  );

  const state = flow.state;
  const confirming = state === 'Confirming' && flow.choice;
  const running = state === 'Running';
  const failed = state === 'Failed';

  useEffect(() => {
    if (state === 'Done') overlayStore.close();
  }, [state]);

  // Leaving the command that was waiting for its arguments goes back to choosing.
  useEffect(() => {
    if (state !== 'Arguing' || !flow.choice) return;
    const parsed = parseInput(input);
    const command = parsed.mode === 'command' ? exactAction(parsed.word) : undefined;
    if (command?.id !== flow.choice.id) flow.send({ type: 'cancel' });
  }, [state, input, flow]);

  const change = (value: string) => {
    setInput(value);
    omnibox.type(value);
    if (state === 'Failed') flow.send({ type: 'reset' });
  };

  const pick = (item: PaletteItem) => {
    const { action } = item;
    if (item.disabled) return;
    if (action.kind === 'open') {
      overlayStore.closeForNavigation();
      navigate(action.url);
      return;
    }
    const command = action.command;
    const choice = toChoice(command, action.kind === 'fill' ? null : action.args, env);
    if (action.kind === 'fill' || !choice.complete) {
      const text =
        action.kind === 'fill' ? action.text : `>${command.kind === 'action' ? command.slash : ''} `;
      change(text);
      if (state !== 'Arguing') flow.send({ type: 'choose', choice: { ...choice, complete: false } });
      inputRef.current?.focus();
      return;
    }
    flow.send({ type: state === 'Arguing' ? 'argue' : 'choose', choice });
  };

  const question = (() => {
    if (!confirming) return null;
    const command = findCommand(confirming.id);
    return command?.kind === 'action' ? command.confirm(labels, confirming.args, confirming.count) : null;
  })();
  // A command whose target says more than a count names it (an agent command on an open alert).
  const confirmDetail = (() => {
    if (!confirming) return null;
    const command = findCommand(confirming.id);
    return command?.kind === 'action' ? (command.confirmDetail?.(labels, env.target) ?? null) : null;
  })();

  const cancelConfirm = () => {
    flow.send({ type: 'cancel' });
    inputRef.current?.focus();
  };

  return createPortal(
    <div className="palette-layer">
      <div className="palette-scrim" aria-hidden="true" onMouseDown={() => overlayStore.close()} />
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label={t('palette.dialogLabel')}
        onKeyDown={keepTabInside}
      >
        <Command label={t('palette.label')} shouldFilter={false} loop className="palette__command">
          <div className="palette__input-row">
            <Command.Input
              ref={inputRef}
              className="palette__input"
              value={input}
              onValueChange={change}
              placeholder={t('palette.placeholder')}
              readOnly={Boolean(confirming) || running}
              autoFocus
              {...{ [PALETTE_INPUT_ATTRIBUTE]: '' }}
            />
            {env.target && selectedCount(env.target) > 0 && (
              <span className="palette__selection">{selectionText(labels, env.target)}</span>
            )}
          </div>
          {omnibox.threat && !confirming && <ThreatCard threat={omnibox.threat} />}
          {!confirming && !running && (
            <PaletteList sections={sections} loading={omnibox.loading} onPick={pick} />
          )}
        </Command>
        {/* Outside the combobox: cmdk takes Enter there for its options, and these are buttons. */}
        {confirming && question && (
          <ConfirmPanel
            question={question}
            detail={confirmDetail}
            onConfirm={() => flow.send({ type: 'confirm' })}
            onCancel={cancelConfirm}
          />
        )}
        {running && (
          <p className="palette__status" role="status">
            {t('palette.running')}
          </p>
        )}
        {failed && (
          <div className="palette__failure" role="alert">
            <span>{t('palette.failed', { message: flow.error ?? '' })}</span>
            <button
              type="button"
              className="button button--small"
              onClick={() => flow.send({ type: 'retry' })}
            >
              {t('palette.retry')}
            </button>
          </div>
        )}
        <p className="palette__footer" aria-hidden="true">
          {t('palette.footer')}
        </p>
      </div>
    </div>,
    document.body,
  );
}
