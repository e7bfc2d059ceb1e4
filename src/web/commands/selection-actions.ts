import type { CommandOutcome } from '../../../machines/command-flow/command-flow.context.ts';
import type { NotifyOptions } from '../shell/toasts/ToastsProvider.tsx';
import type { Labels, RunContext } from './command-types.ts';

/** What a command on a list's selection needs from the page around it. */
export interface SelectionContext<Target> {
  target: Target;
  labels: Labels;
  notify(options: NotifyOptions): void;
  /** The signed-in user's e-mail (`>assign me`, `>case-assign me`). */
  email: string | null;
}

/**
 * A command's run context on the selection it was checked against (run-command.ts runs a
 * command only once its target is available, so the selection is of the command's kind).
 */
export function onTarget<Target>(ctx: RunContext): SelectionContext<Target> {
  const { target, labels, notify, email } = ctx;
  return { target: target as Target, labels, notify, email };
}

export interface ItemFailure {
  /** How the item is named in the report (`#12` for a case); empty when the message names it. */
  name: string;
  message: string;
}

/**
 * Runs the task for every item, a few at a time, and says which succeeded (with the task's
 * answer) and which failed and why, both in the order of `ids`.
 */
export async function eachItem<Id, T>(
  ids: readonly Id[],
  name: (id: Id) => string,
  task: (id: Id) => Promise<T>,
): Promise<{ done: number; results: { id: Id; value: T }[]; failed: ItemFailure[] }> {
  const outcomes: ({ id: Id; value: T } | { failure: ItemFailure })[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const id = ids[index] as Id;
      try {
        outcomes[index] = { id, value: await task(id) };
      } catch (error) {
        outcomes[index] = {
          failure: { name: name(id), message: error instanceof Error ? error.message : String(error) },
        };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, ids.length) }, worker));
  const results = outcomes.filter((o): o is { id: Id; value: T } => 'value' in o);
  const failed = outcomes.flatMap((o) => ('failure' in o ? [o.failure] : []));
  return { done: results.length, results, failed };
}

/**
 * The toast of a command on a selection ('Updated 3 cases' / '1 failed: #12 …'), then the screen
 * reloads so the list shows what the server now holds.
 */
export function reportSelection(
  ctx: SelectionContext<{ refresh(): void }>,
  done: string | null,
  failed: readonly ItemFailure[],
): CommandOutcome {
  const { commands: t } = ctx.labels;
  const reasons = failed
    .slice(0, 3)
    .map((f) => (f.name ? `${f.name} ${f.message}` : f.message))
    .join('; ');
  const lines = [done, failed.length ? t('result.failed', { count: failed.length, reasons }) : null].filter(
    (line): line is string => line !== null,
  );
  const severity = failed.length === 0 ? 'success' : done === null ? 'danger' : 'warning';
  const title =
    failed.length === 0
      ? t('result.titleDone')
      : done === null
        ? t('result.titleFailed')
        : t('result.titlePartly');
  ctx.notify({ severity, title, message: lines.join('\n') });
  ctx.target.refresh();
  return { summary: lines.join('\n') };
}
