import { useState } from 'react';

/** A refused form: messages under its fields, and one for the whole form. */
export interface FormFailure<Field extends string> {
  fieldErrors: Partial<Record<Field, string>>;
  message?: string;
}

/**
 * A form's request to the server. While `busy` (a request of the page on its way) another is not
 * sent: a busy button is aria-disabled, not disabled, and can still be pressed. What was refused
 * is kept, as `failureOf` reads it, until the next attempt; `failures` counts the refusals, so that
 * the error summary takes focus after each (decision 0018).
 */
export function useFormRequest<Failure>({
  busy,
  failureOf,
}: {
  busy: boolean;
  failureOf: (error: unknown) => Failure;
}) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [failures, setFailures] = useState(0);
  /** A refusal found before sending (the form's own check) shows as the server's would. */
  const show = (found: Failure) => {
    setFailure(found);
    setFailures((count) => count + 1);
  };
  /** Sends `request`, then hands its result to `done` (which moves on); or keeps why not. */
  const send = async <Result>(request: () => Promise<Result>, done: (result: Result) => void) => {
    if (busy) return;
    setFailure(null);
    try {
      done(await request());
    } catch (error) {
      show(failureOf(error));
    }
  };
  return { failure, failures, show, send, clear: () => setFailure(null) };
}
