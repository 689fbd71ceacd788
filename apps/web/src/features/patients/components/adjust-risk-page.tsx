import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import { predictions, riskLabels } from '@esr/contracts/open-pathways';
import { prioritisationMessages, type PathwayPrioritisation } from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { InsetText } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { Radios } from '../../../components/form-fields';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useAdjustRisk, useRemoveRiskAdjustment } from '../api/adjust-risk';
import { canRemoveAdjustment } from '../lib/prioritisation-actions';
import { adjustmentRemovedNotice, riskAdjustedNotice } from '../lib/prioritisation-display';
import {
  riskAdjustmentFields,
  riskAdjustmentFormSchema,
  type RiskAdjustmentValues,
} from '../lib/prioritisation-forms';
import { PatientPage, type PatientRoute } from './patient-screen';
import { CountedTextarea } from './prioritisation-fields';
import {
  BackLink,
  CancelButton,
  errorSummaryItems,
  PrioritisationHeader,
  PrioritisationScreen,
  usePrioritisationReturn,
  useServerFailure,
} from './prioritisation-screen';
import { modelRiskText, RiskValue } from './prioritisation-values';

const title = 'Adjust risk';

type Field = (typeof riskAdjustmentFields)[number];
const fieldIds: Record<Field, string> = { prediction: 'prediction-1', reason: 'reason' };

/**
 * Decision 0044 /patient-lookup/{id}/adjust-risk (clinicians): the clinician's view of the risk,
 * with the reason, recorded beside the model's prediction (which it never changes); Remove
 * adjustment takes a recorded view away (it stays in the history).
 */
export function AdjustRiskPage() {
  return <PatientPage title={title} screen={AdjustRiskScreen} />;
}

function AdjustRiskScreen(route: PatientRoute) {
  return (
    <PrioritisationScreen title={title} route={route}>
      {(pathway) => <AdjustRiskForm pathway={pathway} route={route} />}
    </PrioritisationScreen>
  );
}

function AdjustRiskForm({ pathway, route }: { pathway: PathwayPrioritisation; route: PatientRoute }) {
  const { trust, type, id } = route;
  const { currentSelectedRole } = useAuth();
  const { leave } = usePrioritisationReturn(id, type);
  const adjust = useAdjustRisk(trust, type, id);
  const remove = useRemoveRiskAdjustment(trust, type, id);
  const busy = adjust.isPending || remove.isPending;
  const server = useServerFailure(riskAdjustmentFields);
  const schema = useMemo(() => riskAdjustmentFormSchema(pathway.prediction), [pathway.prediction]);
  const form = useForm<RiskAdjustmentValues, unknown, z.output<typeof schema>>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: { prediction: '', reason: '' },
  });
  const errorOf = (field: Field) =>
    form.formState.errors[field]?.message ?? server.failure?.fieldErrors[field];
  const submit = form.handleSubmit(
    async (values) => {
      if (busy) return;
      server.clear();
      try {
        leave(riskAdjustedNotice(await adjust.mutateAsync(values)));
      } catch (error) {
        server.fail(error);
      }
    },
    () => server.clear(),
  );
  const removeAdjustment = async () => {
    if (busy) return;
    server.clear();
    form.clearErrors();
    try {
      await remove.mutateAsync();
      leave(adjustmentRemovedNotice);
    } catch (error) {
      server.fail(error);
    }
  };
  const items = errorSummaryItems(riskAdjustmentFields, fieldIds, errorOf, server.failure?.message);
  const modelsView = `The model’s prediction: ${modelRiskText(pathway)}`;
  return (
    <>
      <ErrorSummary errors={items} attempt={form.formState.submitCount + server.failures} />
      <PrioritisationHeader
        title={title}
        pathway={pathway}
        rows={[{ key: 'Risk', value: <RiskValue pathway={pathway} /> }]}
      />
      {pathway.prediction === null ? (
        <>
          <InsetText>
            <p>{prioritisationMessages.notScored}.</p>
          </InsetText>
          {!pathway.adjustment && <BackLink id={id} type={type} />}
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Controller
            control={form.control}
            name="prediction"
            render={({ field }) => (
              <Radios
                name="prediction"
                legend="Your view of the risk"
                legendClassName="nhsuk-fieldset__legend--s"
                hint={`${modelsView}. Your view is shown beside the model’s as the clinician’s view; it does not change the model’s prediction.`}
                error={errorOf('prediction')}
                items={predictions.map((prediction) => ({
                  value: prediction,
                  label: riskLabels[prediction],
                  ...(prediction === pathway.prediction && { hint: 'The model’s prediction' }),
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
                label="Reason"
                hint="What you know that the model does not, such as a recent fall or a new medicine. It is kept in the pathway’s history, with your name."
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
            <Button type="submit" aria-disabled={busy}>
              {adjust.isPending ? messages.submitting : 'Save adjustment'}
            </Button>
            <CancelButton onCancel={() => leave()} />
          </div>
        </form>
      )}
      {canRemoveAdjustment(currentSelectedRole, pathway) && (
        <>
          <h2 className="nhsuk-heading-s">Remove the clinician’s view</h2>
          <p id="remove-adjustment-note">
            The model’s prediction is then shown on its own. The adjustment stays in the pathway’s history.
          </p>
          <Button
            variant="warning"
            aria-disabled={busy}
            aria-describedby="remove-adjustment-note"
            onClick={() => void removeAdjustment()}
          >
            {remove.isPending ? 'Removing...' : 'Remove adjustment'}
          </Button>
        </>
      )}
    </>
  );
}
