import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { get, type FieldError, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { fieldIssuesOf, fieldNamesOf, fieldOfIssue, type FieldIssue } from './server-errors';

/**
 * A form's fields tied to their messages: `field()` registers a control with `aria-invalid` and
 * `aria-describedby` pointing at the message `error()` renders right after it. `prefix` keeps the
 * messages' ids apart when several forms share a page.
 */
export function useFieldKit<T extends FieldValues>(form: UseFormReturn<T>, prefix: string) {
  const errorOf = (name: Path<T>) => get(form.formState.errors, name) as FieldError | undefined;
  const errorId = (name: Path<T>) => `${prefix}-${name.replace(/\./g, '-')}-error`;
  return {
    field: <N extends Path<T>>(name: N, rules?: RegisterOptions<T, N>) => ({
      ...form.register(name, rules),
      id: `${prefix}-${name.replace(/\./g, '-')}`,
      'aria-invalid': errorOf(name) ? true : undefined,
      'aria-describedby': errorOf(name) ? errorId(name) : undefined,
    }),
    error: (name: Path<T>) => {
      const error = errorOf(name);
      return error ? <small id={errorId(name)}>{error.message}</small> : null;
    },
  };
}

/**
 * A feature's save (its `useMutation` from the feature's queries module) as a form given it uses
 * it: the form sends its body with its own callbacks, and shows the save's state.
 */
export type SaveMutation<Body, Answer = unknown> = {
  mutate: (body: Body, callbacks: { onSuccess: (answer: Answer) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  reset: () => void;
};

/**
 * A form's submit handler: the last save's outcome cleared first (a refused attempt must not
 * leave "Saved." on screen), then the values checked and, when valid, saved.
 */
export function submitHandler<T extends FieldValues>(form: UseFormReturn<T>, save: { reset: () => void }, onValid: (values: T) => void) {
  return (event: FormEvent) => {
    save.reset();
    void form.handleSubmit(onValid)(event);
  };
}

/** Lines of a textarea that edits a list: trimmed, empty lines dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The rules forms share, in the console's words; the numbers come from each form's bounds (agent-bounds.ts, …). */
/**
 * Keeps a form on what the API answers (`source`) while nothing in it is being edited: a refetch
 * must not wipe what a person is typing. `base()`: the answer the form's values were read from
 * (what an edit began from). `saved(values)` after a save: the form keeps the values saved until
 * the API answers anew, instead of going back to the answer from before the save.
 */
export function useFollowWhileUntouched<T extends FieldValues, S>(
  form: UseFormReturn<T>,
  source: S | undefined,
  valuesOf: (source: S) => T,
) {
  const followed = useRef<S | undefined>(undefined);
  const latest = useRef(source);
  latest.current = source;
  const isDirty = form.formState.isDirty;
  useEffect(() => {
    if (source === undefined || isDirty || source === followed.current) return;
    followed.current = source;
    form.reset(valuesOf(source));
  }, [source, isDirty, form, valuesOf]);
  return {
    base: () => followed.current,
    saved: (values: T) => {
      followed.current = latest.current;
      form.reset(values);
    },
  };
}

export function useRules() {
  const { t } = useTranslation();
  return {
    required: { value: true, message: t('form.required') },
    maxLength: (max: number) => ({ maxLength: { value: max, message: t('form.tooLong', { max }) } }),
    /** A whole number in [min, max]; the input registers with `valueAsNumber`. */
    range: ({ min, max }: { min: number; max: number }) => ({
      validate: (value: unknown) =>
        (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) || t('form.range', { min, max }),
    }),
    /** A textarea edited as a list, one item per line: at most `maxItems`, each of at most `max` characters and matching `pattern`. */
    lines: ({ maxItems, max, pattern, invalid }: { maxItems?: number; max?: number; pattern?: RegExp; invalid?: string }) => ({
      validate: (value: unknown) => {
        const lines = linesOf(String(value ?? ''));
        if (maxItems !== undefined && lines.length > maxItems) return t('form.tooManyLines', { max: maxItems });
        const long = max === undefined ? -1 : lines.findIndex((line) => line.length > max);
        if (long >= 0) return t('form.lineTooLong', { line: long + 1, max });
        const wrong = pattern ? lines.findIndex((line) => !pattern.test(line)) : -1;
        if (wrong >= 0) return t('form.lineInvalid', { line: wrong + 1, problem: invalid });
        return true;
      },
    }),
  };
}

/**
 * A refused save shown where it belongs: each field the API's 400 names gets its message next to
 * it; the issues naming no field of the form are returned for the form's own alert.
 */
export function showFieldIssues<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): FieldIssue[] {
  const fields = fieldNamesOf(form.getValues());
  return fieldIssuesOf(error).filter((issue) => {
    const field = fieldOfIssue(issue.path, fields);
    if (field) form.setError(field as Path<T>, { type: 'server', message: issue.message });
    return !field;
  });
}

/** What became of the last save: saved, or the API's refusal with the issues no field showed. */
export function SaveOutcome({ saved, error, unplaced }: { saved: boolean; error: Error | null; unplaced: FieldIssue[] }) {
  const { t } = useTranslation();
  if (saved) return <p role="status">{t('common.saved')}</p>;
  if (!error) return null;
  return (
    <div role="alert">
      <p>{t('common.error', { message: error.message })}</p>
      {unplaced.length > 0 && (
        <ul>
          {unplaced.map((issue, index) => (
            <li key={index}>
              {issue.path.join('.')}: {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
