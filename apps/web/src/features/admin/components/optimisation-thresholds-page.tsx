import { Link } from 'react-router';
import type { OptimisationRules } from '@esr/contracts/optimisation';
import { optimisationRuleLabels } from '@esr/contracts/optimisation-settings';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import { InsetText, NotificationBanner } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { TextInput } from '../../../components/form-fields';
import { QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useChangeOptimisationRules, useOptimisationRules } from '../api/optimisation-settings';
import {
  parseRules,
  ruleFields,
  ruleHints,
  rulesSaveFailure,
  rulesText,
} from '../lib/optimisation-settings-form';
import { useSettingsFields } from '../lib/use-settings-fields';

/**
 * /optimisation-thresholds (decision 0071, docs/optimisation.md): a trust admin sets the values
 * that find anaemia, poor nutrition, kidney function and weight as risk factors, and the weeks to
 * a factor's due date. Each is judged as the API judges it, in the contract's words, under its
 * field and in the error summary; a save is confirmed by a success banner, which says when it
 * applies.
 */
export function OptimisationThresholdsPage() {
  const trust = useTrustCode();
  const trustName = useAuth().loginUserDetails?.trust.name;
  const rules = useOptimisationRules(trust);
  const change = useChangeOptimisationRules(trust);
  const form = useSettingsFields({
    current: rules.data,
    show: rulesText,
    parse: parseRules,
    save: (request: OptimisationRules) => change.mutateAsync(request),
    saveFailure: rulesSaveFailure,
    pending: change.isPending,
  });
  const { texts, errors } = form;

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={form.summary(ruleFields, (field) => field)} attempt={form.attempt} />
        {form.saved && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">Optimisation thresholds saved</p>
            <p>
              The risk factors of every pathway are found with these thresholds from now on, the next time
              anyone opens them.
            </p>
          </NotificationBanner>
        )}
        <CaptionHeading title="Optimisation thresholds" caption={trustName} />
        <p>
          While patients wait, the service finds risk factors that can be improved before surgery from their
          blood results and record. These values decide when a factor is found, and when it is due if the
          pathway has no TCI date.
        </p>
        <InsetText>
          <p>
            A change applies at once: factors are found again each time a pathway is opened. Steps already
            recorded are kept.
          </p>
        </InsetText>
        <QueryStatus query={rules} />
        {texts && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            {ruleFields.map((field) => (
              <TextInput
                key={field}
                id={field}
                label={optimisationRuleLabels[field]}
                labelClassName="nhsuk-label--s"
                hint={ruleHints[field]}
                width={3}
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                error={errors[field]}
                value={texts[field]}
                onChange={(event) => form.setTyped({ ...texts, [field]: event.target.value })}
              />
            ))}
            <Button type="submit" aria-disabled={change.isPending || undefined}>
              {change.isPending ? 'Saving…' : 'Save thresholds'}
            </Button>
          </form>
        )}
        <p>
          <Link className="nhsuk-link" to={paths.trustAdminDashboard()}>
            Back to the trust admin dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}
