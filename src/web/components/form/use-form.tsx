import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { type SchemaName, validate } from '../../../api/validate.ts';
import { changedFrom, type HeldLeave, useUnsavedChanges } from '../unsaved/use-unsaved-changes.tsx';
import { useIssueMessages } from './issue-message.ts';
import { placeServerErrors } from './server-errors.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type Values = object;
/** A field's name, or a part of it (`conditions.3.value`: one row of a list field). */
export type FieldPath<V> = (keyof V & string) | `${keyof V & string}.${string}`;
type Messages<V> = Partial<Record<FieldPath<V>, string>>;

/**
 * Values held outside the form, by a machine that models the draft's flow (the case editor, a
 * mute's lifecycle, whose paths the model tests walk): the form shows them, hands every change
 * back, and takes the holder's word on what is unsaved, on saving, and on how leaving is asked.
 */
export interface HeldValues<V> {
  values: V;
  /** The change of one or more fields, for the holder to apply (a machine's edit event). */
  onChange(changes: Partial<V>): void;
  /** Unsaved changes, as the holder counts them. */
  dirty: boolean;
  /** The holder is saving what was submitted: the form is busy. */
  saving: boolean;
  /** The holder's own leave question (a machine's leave region), asked in place of the kit's. */
  leave?: HeldLeave;
}

/** Where the values live: in the form from `initial`, or `held` by a machine. */
type ValuesSource<V> = { initial: V | (() => V); held?: never } | { held: HeldValues<V>; initial?: never };

export type FormOptions<V extends Values> = FormSettings<V> & ValuesSource<V>;

interface FormSettings<V extends Values> {
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
  /**
   * Messages shown before the first attempt, while typing: a value already wrong as typed (a date
   * in the past), never one merely missing. From the first attempt on, `check` speaks.
   */
  checkAsTyped?(values: V): Messages<V>;
  /**
   * Sends the values. A 4xx ApiError is placed on the fields it names; any error reaches `onError` too.
   * For held values this hands the save to the holder, which reports its own outcome.
   */
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
  /** Submits as the submit button does (a save key): checks, then sends or focuses the first invalid field. */
  submit(): void;
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
 * first attempt and follow the typing from then on. The values are the form's own, or `held` by
 * a machine that models the draft's flow.
 */
export function useForm<V extends Values>(options: FormOptions<V>): Form<V> {
  const { held } = options;
  // Held values leave these two unused: the holder has the values and the baseline.
  const [baseline, setBaseline] = useState<V>(options.initial ?? (held as HeldValues<V>).values);
  const [ownValues, setValues] = useState<V>(baseline);
  const values = held ? held.values : ownValues;
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const busy = sending || Boolean(held?.saving);
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
          messages[(fieldOf[property] ?? property) as FieldPath<V>] = message as string;
      }
      // A screen's own check may name a field without a message: that field passes.
      for (const [field, message] of Object.entries(own?.(of) ?? {}))
        if (message) messages[field as FieldPath<V>] = message as string;
        else delete messages[field as FieldPath<V>];
      return messages;
    },
    [values, messagesOf],
  );

  const dirty = held ? held.dirty : changedFrom(values, baseline) && !busy;
  const { guard, prompt } = useUnsavedChanges(
    dirty && options.guardsUnsaved !== false,
    options.unsavedMessage,
    held?.leave,
  );

  const set = useCallback((changes: Partial<V>) => {
    const { held: holder } = latest.current;
    if (holder) holder.onChange(changes);
    else setValues((current) => ({ ...current, ...changes }));
    // A server refusal stands until its field is changed.
    setServerErrors((current) => {
      const changed = Object.keys(changes).filter((field) => field in current);
      if (changed.length === 0) return current;
      const rest = { ...current };
      for (const field of changed) delete rest[field as FieldPath<V>];
      return rest;
    });
  }, []);

  const attempt = () => {
    if (busy) return;
    setAttempted(true);
    setServerErrors({});
    if (Object.keys(check(values)).length > 0) {
      focus.request();
      return;
    }
    setSending(true);
    setFailure(null);
    const sent = values;
    const resetsBefore = resets.current;
    latest.current.submit(sent).then(
      () => {
        if (resets.current === resetsBefore && !latest.current.held) setBaseline(sent);
        setSending(false);
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
        setSending(false);
        latest.current.onError?.(error);
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    attempt();
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
    errors: {
      ...(attempted ? check(values) : (options.checkAsTyped?.(values) ?? {})),
      ...serverErrors,
    },
    check,
    busy,
    failure,
    dirty,
    submit: attempt,
    formProps: { ref: focus.ref, onSubmit, noValidate: true },
    requestClose: guard,
    prompt,
    reset,
  };
}
