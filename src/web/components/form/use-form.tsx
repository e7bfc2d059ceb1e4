import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { type SchemaName, validate } from '../../../api/validate.ts';
import { changedFrom, useUnsavedChanges } from '../unsaved/use-unsaved-changes.tsx';
import { useIssueMessages } from './issue-message.ts';
import { placeServerErrors } from './server-errors.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type Values = Record<string, unknown>;
type Messages<V> = Partial<Record<keyof V & string, string>>;

export interface FormOptions<V extends Values> {
  initial: V | (() => V);
  /**
   * The contract's request body the form sends (a schema name or an inline body's operation id):
   * its rules (required, lengths, pattern, ranges, counts, formats) are checked before sending.
   */
  schema?: SchemaName;
  /** The values as that body's fields, keyed by the body's names; typed numbers may stay text. */
  toContract?(values: V): Values;
  /** The form field of a body property, where the names differ (`customer_id` → `customerId`). */
  fieldOf?: Partial<Record<string, keyof V & string>>;
  /**
   * Checks the contract cannot express (one field against another, a screen's own rule), or the
   * screen's own words for a field: messages by field, which replace the contract's for that
   * field; a field named without a message passes.
   */
  check?(values: V): Messages<V>;
  /** Sends the values. A 4xx ApiError is placed on the fields it names; any error reaches `onError` too. */
  submit(values: V): Promise<void>;
  onError?(error: unknown): void;
  /** What the unsaved-changes question says would be lost, when the screen has better words. */
  unsavedMessage?: string;
  /**
   * False for a form that only filters what is shown (a date range, a search), where nothing typed
   * is lost by leaving, or whose dialog guards leaving itself (told by `dirty`).
   */
  guardsUnsaved?: boolean;
}

export interface Form<V extends Values> {
  values: V;
  set(changes: Partial<V>): void;
  /** What to show under each field: the checks' messages after the first attempt, the server's until the field changes. */
  errors: Messages<V>;
  /** The checks' messages now, shown or not. */
  check(values?: V): Messages<V>;
  busy: boolean;
  /** A refusal that names no field of the form, or a failure to send, to show above the buttons. */
  failure: string | null;
  dirty: boolean;
  /** Spread on the <form>: submits through the kit, focuses the first invalid field when refused. */
  formProps: {
    ref: React.RefObject<HTMLFormElement | null>;
    onSubmit(event: FormEvent): void;
    noValidate: true;
  };
  /** Closes through the unsaved-changes guard (Esc, Cancel): asks first when something is unsaved. */
  requestClose(close: () => void): void;
  /** The unsaved-changes question while it is asked: render it beside the form. */
  prompt: ReactNode;
  /** Starts again from these values, as saved (clean). */
  reset(values: V): void;
}

/**
 * THE form state of the field kit: values, the contract's checks and the screen's own, the
 * server's field refusals on the right field, the first invalid field focused on a refused
 * submit, and the unsaved-changes guard (spec 2, section 4) wired once. Errors show after the
 * first attempt and follow the typing from then on.
 */
export function useForm<V extends Values>(options: FormOptions<V>): Form<V> {
  const [baseline, setBaseline] = useState<V>(options.initial);
  const [values, setValues] = useState<V>(baseline);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Messages<V>>({});
  const messagesOf = useIssueMessages();
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  const latest = useRef(options);
  latest.current = options;
  // Counts resets, so a form that starts afresh inside its submit (a comment box clearing after
  // sending) stays clean instead of taking what was sent as its baseline.
  const resets = useRef(0);

  const check = useCallback(
    (of: V = values): Messages<V> => {
      const { schema, toContract, fieldOf = {}, check: own } = latest.current;
      const messages: Messages<V> = {};
      if (schema) {
        const contractValues = toContract ? toContract(of) : of;
        const issues = messagesOf(validate(schema, contractValues));
        for (const [property, message] of Object.entries(issues))
          messages[(fieldOf[property] ?? property) as keyof V & string] = message as string;
      }
      // A screen's own check may name a field without a message: that field passes.
      for (const [field, message] of Object.entries(own?.(of) ?? {}))
        if (message) messages[field as keyof V & string] = message as string;
        else delete messages[field as keyof V & string];
      return messages;
    },
    [values, messagesOf],
  );

  const dirty = changedFrom(values, baseline) && !busy;
  const { guard, prompt } = useUnsavedChanges(
    dirty && options.guardsUnsaved !== false,
    options.unsavedMessage,
  );

  const set = useCallback((changes: Partial<V>) => {
    setValues((current) => ({ ...current, ...changes }));
    // A server refusal stands until its field is changed.
    setServerErrors((current) => {
      const changed = Object.keys(changes).filter((field) => field in current);
      if (changed.length === 0) return current;
      const rest = { ...current };
      for (const field of changed) delete rest[field as keyof V & string];
      return rest;
    });
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setServerErrors({});
    if (Object.keys(check(values)).length > 0) {
      focus.request();
      return;
    }
    setBusy(true);
    setFailure(null);
    const sent = values;
    const resetsBefore = resets.current;
    latest.current.submit(sent).then(
      () => {
        if (resets.current === resetsBefore) setBaseline(sent);
        setBusy(false);
      },
      (error: unknown) => {
        const placed = placeServerErrors(error, Object.keys(sent), latest.current.fieldOf);
        if (placed) {
          // The server's reasons are the spec's messages ('Please enter a valid Email'): shown as they are.
          const shown = placed.fields as Messages<V>;
          setServerErrors(shown);
          setFailure(placed.unplaced);
          if (Object.keys(shown).length > 0) focus.request();
        } else setFailure(error instanceof Error ? error.message : String(error));
        setBusy(false);
        latest.current.onError?.(error);
      },
    );
  };

  const reset = useCallback((next: V) => {
    resets.current += 1;
    setBaseline(next);
    setValues(next);
    setAttempted(false);
    setServerErrors({});
    setFailure(null);
  }, []);

  return {
    values,
    set,
    errors: { ...(attempted ? check(values) : {}), ...serverErrors },
    check,
    busy,
    failure,
    dirty,
    formProps: { ref: focus.ref, onSubmit, noValidate: true },
    requestClose: guard,
    prompt,
    reset,
  };
}
