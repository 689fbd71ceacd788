import { useEffect, useState, type ReactNode } from 'react';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import { CaptionHeading } from '../../../components/caption-heading';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { ApiError } from '../../../lib/api-client';
import { dateFieldId, writeMonitoringView, type MonitoringView, type PeriodErrors } from '../lib/view-params';
import { ChoiceForm } from './choice-form';

/** A failed load's own words from the API, for the error summary; none when it gave none. */
const failureText = (query: { isError: boolean; error: unknown }) =>
  query.isError && query.error instanceof ApiError ? query.error.body?.detail : undefined;

/** The view shown, as the address chose it, and how to show another. */
export interface ViewProps {
  view: MonitoringView;
  procedureName: string | undefined;
  onView: (view: MonitoringView) => void;
}

/**
 * What both views of /model-performance share: the error summary (the choice's dates, and a
 * failed load in the API's words), the h1 with the procedure's name, a line on what the figures
 * are, and the choice form, whose Update writes the view to the address.
 */
export function ModelPerformanceFrame({
  view,
  procedureName,
  intro,
  versions,
  national,
  queries,
  onView,
  children,
}: ViewProps & {
  intro: ReactNode;
  versions?: ModelPerformance['modelVersions'] | undefined;
  national?: boolean;
  /** The page's loads: a failure is in the summary, which takes focus once for each. */
  queries: { isError: boolean; error: unknown; errorUpdatedAt: number }[];
  children: ReactNode;
}) {
  const [errors, setErrors] = useState<PeriodErrors>({});
  const [attempt, setAttempt] = useState(0);
  // Back or a bookmark brings another view: the form shows it, without the last attempt's errors.
  const appliedKey = writeMonitoringView(view).toString();
  const [errorsKey, setErrorsKey] = useState(appliedKey);
  if (errorsKey !== appliedKey) {
    setErrorsKey(appliedKey);
    setErrors({});
  }
  const failedAt = Math.max(0, ...queries.map((query) => query.errorUpdatedAt));
  useEffect(() => {
    if (failedAt) setAttempt((count) => count + 1);
  }, [failedAt]);

  const failures = [...new Set(queries.map(failureText).filter((text): text is string => Boolean(text)))];
  const summary: ErrorSummaryItem[] = [
    ...(['from', 'to'] as const).flatMap((key) =>
      errors[key] ? [{ text: errors[key], fieldId: dateFieldId(key) }] : [],
    ),
    ...failures.map((text) => ({ text })),
  ];
  return (
    <>
      <ErrorSummary errors={summary} attempt={attempt} />
      <CaptionHeading title="Model performance" caption={procedureName} />
      {intro}
      <ChoiceForm
        applied={view}
        versions={versions}
        national={national}
        errors={errors}
        onApply={(next) => {
          setErrors({});
          onView(next);
        }}
        onInvalid={(found) => {
          // The figures and the address stay as they were until the dates are corrected.
          setErrors(found);
          setAttempt((count) => count + 1);
        }}
      />
      {children}
    </>
  );
}
