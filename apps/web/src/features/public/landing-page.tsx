import { productName } from '@esr/contracts/messages';
import { Button } from '../../components/button';
import { InsetText } from '../../components/content';
import { useAuth } from '../../lib/auth/auth-provider';

/** docs/requirements.md §2 landing page: invites access, explains the risk tool, shows the running environment. */
export function LandingPage() {
  const { config, loginUserDetails, signIn } = useAuth();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Get access to {productName}</h1>
        <p className="nhsuk-lede-text">
          Manage elective orthopaedic waiting lists for knee and hip replacement, and see each patient&apos;s
          predicted risk of complications after surgery.
        </p>
        <h2>What the risk tool does</h2>
        <p>
          A machine-learning model reads each patient&apos;s demographics, long-term conditions and most
          recent blood tests and predicts the risk of a complication within 90 days of surgery as high,
          moderate or low. It shows the factors that contributed most to the prediction, and the areas where
          the patient&apos;s health could be improved before surgery.
        </p>
        <p>
          Predictions support clinical judgement; they do not replace it. Clinicians can correct a record and
          run the model again.
        </p>
        {loginUserDetails ? (
          <InsetText>
            <p>
              You are signed in as {loginUserDetails.name}. Your role does not have any screens in this
              service yet: contact your trust administrator if you need access.
            </p>
          </InsetText>
        ) : (
          <>
            <p>Sign in with your NHS organisation account to continue.</p>
            <Button onClick={() => void signIn()}>Sign in</Button>
          </>
        )}
        <p className="nhsuk-body-s">
          Environment: <strong>{config?.environment ?? 'production'}</strong>
          {config?.developmentSignIn && (
            <>
              . Users sign in with the development sign-in, as demonstration users, and the patients are
              fictional: do not enter real patient data.
            </>
          )}
        </p>
      </div>
    </div>
  );
}
