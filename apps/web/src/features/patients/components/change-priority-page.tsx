import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import {
  priorityCodes,
  priorityDescriptions,
  type PathwayPrioritisation,
} from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Radios } from '../../../components/form-fields';
import { useChangePriority } from '../api/change-priority';
import { priorityChangedNotice } from '../lib/prioritisation-display';
import {
  changePriorityFields,
  changePriorityFormSchema,
  type ChangePriorityValues,
} from '../lib/prioritisation-forms';
import { PatientPage, type PatientRoute } from './patient-screen';
import { CountedTextarea } from './prioritisation-fields';
import { CurrentPriority } from './prioritisation-values';
import {
  CancelButton,
  errorSummaryItems,
  PrioritisationHeader,
  PrioritisationScreen,
  usePrioritisationReturn,
  useServerFailure,
} from './prioritisation-screen';

const title = 'Change priority';

type Field = (typeof changePriorityFields)[number];
const fieldIds: Record<Field, string> = { priorityCode: 'priorityCode-1', reason: 'reason' };

/**
 * Decision 0044 /patient-lookup/{id}/change-priority (clinicians): the current priority, the new
 * one (not the same) and the reason, kept in the pathway's history.
 */
export function ChangePriorityPage() {
  return <PatientPage title={title} screen={ChangePriorityScreen} />;
}

function ChangePriorityScreen(route: PatientRoute) {
  return (
    <PrioritisationScreen title={title} route={route}>
      {(pathway) => <ChangePriorityForm pathway={pathway} route={route} />}
    </PrioritisationScreen>
  );
}

function ChangePriorityForm({ pathway, route }: { pathway: PathwayPrioritisation; route: PatientRoute }) {
  const { trust, type, id } = route;
  const { leave } = usePrioritisationReturn(id, type);
  const change = useChangePriority(trust, type, id);
  const server = useServerFailure(changePriorityFields);
  const schema = useMemo(() => changePriorityFormSchema(pathway.priority), [pathway.priority]);
  const form = useForm<ChangePriorityValues, unknown, z.output<typeof schema>>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: { priorityCode: '', reason: '' },
  });
  const errorOf = (field: Field) =>
    form.formState.errors[field]?.message ?? server.failure?.fieldErrors[field];
  const submit = form.handleSubmit(
    async (values) => {
      if (change.isPending) return;
      server.clear();
      try {
        leave(priorityChangedNotice(await change.mutateAsync(values)));
      } catch (error) {
        server.fail(error);
      }
    },
    () => server.clear(),
  );
  const items = errorSummaryItems(changePriorityFields, fieldIds, errorOf, server.failure?.message);
  return (
    <>
      <ErrorSummary errors={items} attempt={form.formState.submitCount + server.failures} />
      <PrioritisationHeader
        title={title}
        pathway={pathway}
        rows={[{ key: 'Current priority', value: <CurrentPriority pathway={pathway} /> }]}
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="priorityCode"
          render={({ field }) => (
            <Radios
              name="priorityCode"
              legend="New priority"
              legendClassName="nhsuk-fieldset__legend--s"
              hint="Choose a priority different from the current one."
              error={errorOf('priorityCode')}
              items={priorityCodes.map((code) => ({
                value: code,
                label: priorityDescriptions[code],
                ...(code === pathway.priority && { hint: 'The current priority' }),
              }))}
              selected={[field.value]}
              onChange={(value) => field.onChange(value)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <CountedTextarea
              id="reason"
              label="Reason for the change"
              hint="It is kept in the pathway’s history, with your name."
              error={errorOf('reason')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <div className="app-button-group">
          {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
          <Button type="submit" aria-disabled={change.isPending}>
            {change.isPending ? messages.submitting : 'Change priority'}
          </Button>
          <CancelButton onCancel={() => leave()} />
        </div>
      </form>
    </>
  );
}
