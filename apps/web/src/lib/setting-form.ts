import { useState } from 'react';
import { messages } from '@esr/contracts/messages';
import type { ErrorSummaryItem } from '../components/error-summary';
import { ApiError } from './api-client';

export type ParsedSetting<T> = { ok: true; value: T } | { ok: false; error: string };
export interface SettingSaveFailure {
  field?: string | undefined;
  message?: string | undefined;
}

/**
 * A refused save of the setting typed in `field`: a 400's message under the field (or its detail);
 * any other failure at the top of the page, in the API's words when it gives them.
 */
export const settingSaveFailure =
  (field: string) =>
  (error: unknown): SettingSaveFailure => {
    if (error instanceof ApiError && error.status === 400)
      return { field: error.body?.errors?.[field]?.[0] ?? error.body?.detail ?? messages.someError };
    return { message: (error instanceof ApiError && error.body?.detail) || messages.someError };
  };

export interface SettingFormOptions<T> {
  /** The saved value, undefined while it loads. */
  current: T | undefined;
  show: (value: T) => string;
  parse: (text: string) => ParsedSetting<T>;
  save: (value: T) => Promise<T>;
  saveFailure: (error: unknown) => SettingSaveFailure;
  fieldId: string;
  pending: boolean;
}

/**
 * The state of a page that sets one of the trust's settings typed in one field (a CUSUM threshold,
 * the oldest blood result, the harm-review thresholds): the text typed, shown as the saved value
 * until the user types; the field's error and the page's, for the error summary; the value just
 * saved, for the success banner. A save that is refused by the parser never reaches the API; one
 * the API refuses is described by `saveFailure`.
 */
export function useSettingForm<T>({
  current,
  show,
  parse,
  save,
  saveFailure,
  fieldId,
  pending,
}: SettingFormOptions<T>) {
  // What is typed; null shows the saved value.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<T | null>(null);
  const value = typed ?? (current === undefined ? '' : show(current));

  const fail = (failure: SettingSaveFailure) => {
    setFieldError(failure.field);
    setMessage(failure.message);
    setAttempt((count) => count + 1);
  };
  const submit = async () => {
    if (pending) return;
    setSaved(null);
    const parsed = parse(value);
    if (!parsed.ok) return fail({ field: parsed.error });
    setFieldError(undefined);
    setMessage(undefined);
    try {
      const result = await save(parsed.value);
      setTyped(null);
      setSaved(result);
    } catch (error) {
      fail(saveFailure(error));
    }
  };
  const errors: ErrorSummaryItem[] = [
    ...(fieldError ? [{ text: fieldError, fieldId }] : []),
    ...(message ? [{ text: message }] : []),
  ];
  return { value, setTyped, fieldError, errors, attempt, saved, submit };
}
