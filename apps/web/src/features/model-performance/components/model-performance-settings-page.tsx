import { cusumTargetRunLengthLimits, defaultCusumTargetRunLength } from '@esr/contracts/model-performance';
import { TrustSettingForm } from '../../../components/trust-setting-form';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useChangeMonitoringSettings, useMonitoringSettings } from '../api/settings';
import { countText } from '../lib/figures-text';
import { parseRunLength, runLengthField, runLengthSaveFailure } from '../lib/run-length-form';

/**
 * /model-performance/settings (decision 0061): the clinical safety officer sets how many operations
 * pass, on average, between false alarms of each CUSUM when the model predicts as it should; each
 * chart's threshold follows from it on the trust's own case mix. It is checked as the API checks
 * it, in the contract's words; a save is confirmed by a success banner.
 */
export function ModelPerformanceSettingsPage() {
  const trust = useTrustCode();
  const settings = useMonitoringSettings(trust);
  const change = useChangeMonitoringSettings(trust);
  return (
    <TrustSettingForm<number>
      title="Model monitoring settings"
      settings={settings}
      current={settings.data?.cusumTargetRunLength}
      show={String}
      parse={(text) => {
        const parsed = parseRunLength(text);
        return parsed.ok ? { ok: true, value: parsed.runLength } : parsed;
      }}
      save={async (runLength) => (await change.mutateAsync(runLength)).cusumTargetRunLength}
      saveFailure={runLengthSaveFailure}
      pending={change.isPending}
      field={{
        id: runLengthField,
        label: 'Operations between false alarms',
        hint: `A whole number from ${countText(cusumTargetRunLengthLimits.min)} to ${countText(cusumTargetRunLengthLimits.max)}, for example ${countText(defaultCusumTargetRunLength)}`,
        width: 10,
        inputMode: 'numeric',
      }}
      savedNotice={(saved) => ({
        heading: 'Operations between false alarms saved',
        body: (
          <>
            Each CUSUM’s threshold is now set so that a model predicting as it should raises a false alarm
            once in {countText(saved)} operations on average.
          </>
        ),
      })}
      back={{ to: paths.modelPerformance(), text: 'Back to model performance' }}
    >
      <p>
        The two CUSUMs on the model performance screen look for the odds of a complication doubling (more
        complications than the model predicts) or halving (fewer). Each signals when it reaches a threshold,
        and that threshold is worked out from your trust’s own patients so that a model predicting as it
        should raises a false alarm once in this many operations on average.
      </p>
      <p>
        Fewer operations between false alarms make the CUSUMs signal sooner when something changes, but raise
        more false alarms; more make them quieter but slower. Unless you set your own, it is{' '}
        {countText(defaultCusumTargetRunLength)}.
      </p>
    </TrustSettingForm>
  );
}
