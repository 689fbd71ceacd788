import { useState } from 'react';
import { Link } from 'react-router';
import { factorDefinitions, optimisationFactors } from '@esr/contracts/optimisation';
import {
  maxServiceContactLength,
  maxServicesPerFactor,
  type OptimisationServices,
} from '@esr/contracts/optimisation-settings';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import { NotificationBanner } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { FieldsetFrame, TextInput, Textarea } from '../../../components/form-fields';
import { QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useChangeOptimisationServices, useOptimisationServices } from '../api/optimisation-settings';
import {
  contactInputId,
  parseServices,
  servicesFieldId,
  servicesNamed,
  servicesSaveFailure,
  servicesText,
  servicesTextareaId,
  type ServicesField,
  type ServicesTexts,
} from '../lib/optimisation-settings-form';

type Errors = Partial<Record<ServicesField, string>>;

/**
 * /optimisation-services (decision 0073): a trust admin lists, for each risk factor, the services
 * a patient can be referred to (a text area, one a line), and how a patient contacts each (a field
 * for every service named, which appears as it is typed), which the patient's page "Before your
 * operation" gives. Checked as the API checks them, in the contract's words; a save is confirmed by
 * a success banner.
 */
export function OptimisationServicesPage() {
  const trust = useTrustCode();
  const trustName = useAuth().loginUserDetails?.trust.name;
  const saved = useOptimisationServices(trust);
  const change = useChangeOptimisationServices(trust);
  // What is typed; null shows what is saved.
  const [typed, setTyped] = useState<ServicesTexts | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<OptimisationServices | null>(null);
  const texts = typed ?? (saved.data ? servicesText(saved.data) : null);
  const named = texts ? servicesNamed(texts.services) : [];

  const fail = (failure: { errors: Errors; message?: string | undefined }) => {
    setErrors(failure.errors);
    setMessage(failure.message);
    setAttempt((count) => count + 1);
  };
  const submit = async () => {
    if (change.isPending || !texts) return;
    setDone(null);
    const parsed = parseServices(texts);
    if (!parsed.ok) return fail({ errors: parsed.errors });
    setErrors({});
    setMessage(undefined);
    try {
      setDone(await change.mutateAsync(parsed.request));
      setTyped(null);
    } catch (error) {
      fail(servicesSaveFailure(error));
    }
  };
  const fieldOrder: ServicesField[] = [
    ...optimisationFactors,
    ...named.map((name): ServicesField => `contact:${name}`),
  ];
  const summary = [
    ...fieldOrder.flatMap((field) => {
      const text = errors[field];
      return text ? [{ text, fieldId: servicesFieldId(field, named) }] : [];
    }),
    ...(message ? [{ text: message }] : []),
  ];

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summary} attempt={attempt} />
        {done && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">Optimisation services saved</p>
            <p>
              Referrals from now on are to these services. Referrals already made keep the service they named.
            </p>
          </NotificationBanner>
        )}
        <CaptionHeading title="Optimisation services" caption={trustName} />
        <p>
          When a risk factor is found, clinicians and waiting list admins refer the patient to one of the
          services listed for it. The page for the patient, &ldquo;Before your operation: what you can
          do&rdquo;, names the service and tells the patient how to contact it.
        </p>
        <QueryStatus query={saved} />
        {texts && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <h2 className="nhsuk-heading-m">Services for each risk factor</h2>
            {optimisationFactors.map((code) => (
              <Textarea
                key={code}
                id={servicesTextareaId(code)}
                label={factorDefinitions[code].label}
                labelClassName="nhsuk-label--s"
                hint={`One service on each line, up to ${maxServicesPerFactor}`}
                rows={3}
                spellCheck={false}
                error={errors[code]}
                value={texts.services[code]}
                onChange={(event) =>
                  setTyped({ ...texts, services: { ...texts.services, [code]: event.target.value } })
                }
              />
            ))}
            <FieldsetFrame
              id="contacts"
              legend={<h2 className="nhsuk-fieldset__heading">How patients contact each service</h2>}
              legendClassName="nhsuk-fieldset__legend--m"
              hint={
                <>
                  <p className="nhsuk-u-margin-bottom-2">
                    A phone number and when to call, or where to go, on one line of up to{' '}
                    {maxServiceContactLength} characters. For example, Call 01632 960 123, Monday to Friday,
                    9am to 5pm.
                  </p>
                  <p className="nhsuk-u-margin-bottom-0">
                    Leave it blank and the patient is told to ask their hospital team who to contact. A
                    service named for more than one risk factor has one contact.
                  </p>
                </>
              }
            >
              {named.length === 0 && <p>Add a service above to give its contact.</p>}
              {named.map((name, index) => (
                <TextInput
                  key={name}
                  id={contactInputId(index)}
                  label={name}
                  labelClassName="nhsuk-label--s"
                  autoComplete="off"
                  error={errors[`contact:${name}`]}
                  value={texts.contacts[name] ?? ''}
                  onChange={(event) =>
                    setTyped({ ...texts, contacts: { ...texts.contacts, [name]: event.target.value } })
                  }
                />
              ))}
            </FieldsetFrame>
            <Button type="submit" aria-disabled={change.isPending || undefined}>
              {change.isPending ? 'Saving…' : 'Save services'}
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
