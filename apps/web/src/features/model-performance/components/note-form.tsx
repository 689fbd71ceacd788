import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { Button } from '../../../components/button';
import type { ErrorSummaryItem } from '../../../components/error-summary';
import { Textarea } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { setPageNotice } from '../../../lib/page-notice';

/** A request as the contract's schema checked it: its data, or the problems found with it. */
type CheckedRequest<Request> =
  | { success: true; data: Request }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** What a refused save says: the API's words, under the field when it is a 400. */
function noteSaveFailure(error: unknown, field: string): ErrorSummaryItem {
  const detail =
    error instanceof ApiError ? (error.body?.errors?.[field]?.[0] ?? error.body?.detail) : undefined;
  return {
    text: detail ?? messages.someError,
    ...(error instanceof ApiError && error.status === 400 ? { fieldId: field } : {}),
  };
}

/**
 * The clinical safety officer's written note (a signal's acknowledgement, decision 0061; a
 * suspension's reason, decision 0063) and its save: checked as the API checks it, in the contract's
 * words; once saved, back to the figures, where a success banner says what was done.
 */
export function useNoteForm(field: string, back: string) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);

  const save = async <Request,>(
    checked: CheckedRequest<Request>,
    send: (request: Request) => Promise<unknown>,
    notice: string,
  ) => {
    setAttempt((count) => count + 1);
    if (!checked.success) {
      const problem = checked.error.issues.find((issue) => issue.path[0] === field);
      setErrors([{ text: problem?.message ?? messages.someError, fieldId: field }]);
      return;
    }
    try {
      await send(checked.data);
      setPageNotice(back, notice);
      void navigate(back);
    } catch (error) {
      setErrors([noteSaveFailure(error, field)]);
    }
  };

  const fieldError = errors.find((error) => error.fieldId === field)?.text;
  return { field, text, setText, attempt, errors, fieldError, save };
}

export type NoteFormState = ReturnType<typeof useNoteForm>;

/** The note's field and the button that saves it, 'Saving…' while it does. */
export function NoteForm({
  form,
  label,
  hint,
  action,
  pending,
  warning,
  onSubmit,
}: {
  form: NoteFormState;
  label: string;
  hint: string;
  /** The button's words. */
  action: string;
  pending: boolean;
  /** A button in the warning colour, for a save that takes something away. */
  warning?: boolean;
  onSubmit: () => unknown;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Textarea
        id={form.field}
        label={label}
        labelClassName="nhsuk-label--s"
        hint={hint}
        error={form.fieldError}
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
      />
      <Button type="submit" variant={warning ? 'warning' : undefined} aria-disabled={pending || undefined}>
        {pending ? 'Saving…' : action}
      </Button>
    </form>
  );
}
