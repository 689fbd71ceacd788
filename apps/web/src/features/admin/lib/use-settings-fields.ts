import { useState } from 'react';
import type { ErrorSummaryItem } from '../../../components/error-summary';

/** A refusal: messages under fields, and one for the whole page. */
export interface FieldsFailure<Field extends string> {
  errors: Partial<Record<Field, string>>;
  message?: string | undefined;
}

/**
 * The state of a settings page of several fields (the optimisation thresholds, the services): what
 * is typed, shown as the saved values until the user types; each field's error and the page's, for
 * the error summary (which takes focus after each refused save); the values just saved, for the
 * success banner. What the parser refuses never reaches the API.
 */
export function useSettingsFields<Texts, Request, Saved, Field extends string>({
  current,
  show,
  parse,
  save,
  saveFailure,
  pending,
}: {
  current: Saved | undefined;
  show: (saved: Saved) => Texts;
  parse: (
    texts: Texts,
  ) => { ok: true; request: Request } | { ok: false; errors: Partial<Record<Field, string>> };
  save: (request: Request) => Promise<Saved>;
  saveFailure: (error: unknown) => FieldsFailure<Field>;
  pending: boolean;
}) {
  const [typed, setTyped] = useState<Texts | null>(null);
  const [failure, setFailure] = useState<FieldsFailure<Field>>({ errors: {} });
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<Saved | null>(null);
  const texts = typed ?? (current === undefined ? null : show(current));

  const fail = (refused: FieldsFailure<Field>) => {
    setFailure(refused);
    setAttempt((count) => count + 1);
  };
  const submit = async () => {
    if (pending || !texts) return;
    setSaved(null);
    const parsed = parse(texts);
    if (!parsed.ok) return fail({ errors: parsed.errors });
    setFailure({ errors: {} });
    try {
      setSaved(await save(parsed.request));
      setTyped(null);
    } catch (error) {
      fail(saveFailure(error));
    }
  };
  /** The error summary's items: the fields' in `order`, linked by `idOf`, then the page's. */
  const summary = (order: readonly Field[], idOf: (field: Field) => string): ErrorSummaryItem[] => [
    ...order.flatMap((field) => {
      const text = failure.errors[field];
      return text ? [{ text, fieldId: idOf(field) }] : [];
    }),
    ...(failure.message ? [{ text: failure.message }] : []),
  ];
  return { texts, setTyped, errors: failure.errors, summary, attempt, saved, submit };
}
