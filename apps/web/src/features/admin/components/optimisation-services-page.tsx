import { Link } from 'react-router';
import { factorDefinitions, optimisationFactors } from '@esr/contracts/optimisation';
import {
  maxServiceContactLength,
  maxServicesPerFactor,
  type OptimisationServicesRequest,
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
import { useSettingsFields } from '../lib/use-settings-fields';

interface FieldsProps {
  texts: ServicesTexts;
  errors: Partial<Record<ServicesField, string>>;
  change: (texts: ServicesTexts) => void;
}

/** A text area of each factor's services, one a line. */
function ServiceFields({ texts, errors, change }: FieldsProps) {
  return (
    <>
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
            change({ ...texts, services: { ...texts.services, [code]: event.target.value } })
          }
        />
      ))}
    </>
  );
}

/**
 * A contact field for each service named in the text areas, labelled with its name: they follow
 * what is typed, after the text areas, where a keyboard or screen reader user goes next.
 */
function ContactFields({ texts, errors, change, named }: FieldsProps & { named: readonly string[] }) {
  return (
    <FieldsetFrame
      id="contacts"
      legend={<h2 className="nhsuk-fieldset__heading">How patients contact each service</h2>}
      legendClassName="nhsuk-fieldset__legend--m"
      hint={
        <>
          <p className="nhsuk-u-margin-bottom-2">
            A phone number and when to call, or where to go, on one line of up to {maxServiceContactLength}{' '}
            characters. For example, Call 01632 960 123, Monday to Friday, 9am to 5pm.
          </p>
          <p className="nhsuk-u-margin-bottom-0">
            Leave it blank and the patient is told to ask their hospital team who to contact. A service named
            for more than one risk factor has one contact.
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
            change({ ...texts, contacts: { ...texts.contacts, [name]: event.target.value } })
          }
        />
      ))}
    </FieldsetFrame>
  );
}

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
  const form = useSettingsFields({
    current: saved.data,
    show: servicesText,
    parse: parseServices,
    save: (request: OptimisationServicesRequest) => change.mutateAsync(request),
    saveFailure: servicesSaveFailure,
    pending: change.isPending,
  });
  const { texts } = form;
  const named = texts ? servicesNamed(texts.services) : [];
  const order = [...optimisationFactors, ...named.map((name): ServicesField => `contact:${name}`)];
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary
          errors={form.summary(order, (field) => servicesFieldId(field, named))}
          attempt={form.attempt}
        />
        {form.saved && (
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
              void form.submit();
            }}
          >
            <ServiceFields texts={texts} errors={form.errors} change={form.setTyped} />
            <ContactFields texts={texts} errors={form.errors} change={form.setTyped} named={named} />
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
