import { useMemo } from 'react';
import { predictions, riskLabels } from '@esr/contracts/open-pathways';
import { prioritisationMessages } from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { InsetText } from '../../../components/content';
import { RadiosField } from '../../../components/form-state-fields';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useAdjustRisk, useRemoveRiskAdjustment } from '../api/adjust-risk';
import { canRemoveAdjustment } from '../lib/prioritisation-actions';
import { adjustmentRemovedNotice, riskAdjustedNotice } from '../lib/prioritisation-display';
import { riskAdjustmentFields, riskAdjustmentFormSchema } from '../lib/prioritisation-forms';
import { ClinicianFormBody, useClinicianForm } from './clinician-form';
import { choiceItems, TextareaField } from './prioritisation-fields';
import {
  PrioritisationFormFrame,
  prioritisationFormPage,
  type PrioritisationFormProps,
} from './prioritisation-form';
import { BackLink } from './prioritisation-screen';
import { modelPredictionText, RiskValue } from './prioritisation-values';

const title = 'Adjust risk';

/**
 * Decision 0044 /patient-lookup/{id}/adjust-risk (clinicians): the clinician's view of the risk,
 * with the reason, recorded beside the model's prediction (which it never changes); Remove
 * adjustment takes a recorded view away (it stays in the history).
 */
export const AdjustRiskPage = prioritisationFormPage(title, AdjustRiskForm);

function AdjustRiskForm({ pathway, route }: PrioritisationFormProps) {
  const { trust, type, id } = route;
  const { currentSelectedRole } = useAuth();
  const adjust = useAdjustRisk(trust, type, id);
  const remove = useRemoveRiskAdjustment(trust, type, id);
  const schema = useMemo(() => riskAdjustmentFormSchema(pathway.prediction), [pathway.prediction]);
  const state = useClinicianForm({
    route,
    fields: riskAdjustmentFields,
    fieldIds: { prediction: 'prediction-1', reason: 'reason' },
    schema,
    defaultValues: { prediction: '', reason: '' },
    submitting: adjust.isPending,
    busy: adjust.isPending || remove.isPending,
    send: async (values) => riskAdjustedNotice(await adjust.mutateAsync(values)),
  });
  const removeAdjustment = async () => {
    if (state.busy) return;
    state.form.clearErrors();
    await state.record(async () => {
      await remove.mutateAsync();
      return adjustmentRemovedNotice;
    });
  };
  const modelsView = modelPredictionText(pathway);
  return (
    <PrioritisationFormFrame
      state={state}
      title={title}
      pathway={pathway}
      rows={[{ key: 'Risk', value: <RiskValue pathway={pathway} /> }]}
    >
      {pathway.prediction === null ? (
        <>
          <InsetText>
            <p>{prioritisationMessages.notScored}.</p>
          </InsetText>
          {!pathway.adjustment && <BackLink id={id} type={type} />}
        </>
      ) : (
        <ClinicianFormBody state={state} submitLabel="Save adjustment">
          <RadiosField
            state={state}
            name="prediction"
            legend="Your view of the risk"
            hint={`${modelsView}. Your view is shown beside the model’s as the clinician’s view; it does not change the model’s prediction.`}
            items={choiceItems(predictions, riskLabels, (prediction) =>
              prediction === pathway.prediction ? 'The model’s prediction' : undefined,
            )}
          />
          <TextareaField
            state={state}
            name="reason"
            label="Reason"
            hint="What you know that the model does not, such as a recent fall or a new medicine. It is kept in the pathway’s history, with your name."
          />
        </ClinicianFormBody>
      )}
      {canRemoveAdjustment(currentSelectedRole, pathway) && (
        <>
          <h2 className="nhsuk-heading-s">Remove the clinician’s view</h2>
          <p id="remove-adjustment-note">
            The model’s prediction is then shown on its own. The adjustment stays in the pathway’s history.
          </p>
          <Button
            variant="warning"
            aria-disabled={state.busy}
            aria-describedby="remove-adjustment-note"
            onClick={() => void removeAdjustment()}
          >
            {remove.isPending ? 'Removing...' : 'Remove adjustment'}
          </Button>
        </>
      )}
    </PrioritisationFormFrame>
  );
}
