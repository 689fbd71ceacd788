import { productName } from '@esr/contracts/messages';
import { useAuth } from '../../lib/auth/auth-provider';

/** docs/requirements.md §2 privacy policy: data stored in the UK, users 18 or older, effective December 2024. */
export function PrivacyPage() {
  const { config } = useAuth();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Privacy policy</h1>
        <p>This policy is effective from December 2024.</p>
        <h2>Who this service is for</h2>
        <p>
          {productName} is used by staff of NHS trusts to manage elective orthopaedic waiting lists. You must
          be 18 or older to use it.
        </p>
        <h2>What we hold</h2>
        <p>
          Your name, work e-mail address, trust and roles, so that you can sign in, and a record of the
          changes you make. The service also holds patient information that your trust uploads: NHS number,
          local patient identifier, name, date of birth, sex, ethnic category, height and weight, smoking
          status, long-term conditions, blood test results and waiting-list details.
        </p>
        <h2>Where it is stored</h2>
        <p>All data is stored in the UK. Each trust can see only its own patients and users.</p>
        <h2>Why we use it</h2>
        <p>
          To predict the risk of complications after surgery and to help your trust manage its waiting list.
          Predictions support clinical decisions; they do not make them.
        </p>
        <h2>Contact</h2>
        <p>
          For questions about this policy or to exercise your data rights, email{' '}
          {config ? <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a> : 'the service team'}.
        </p>
      </div>
    </div>
  );
}
