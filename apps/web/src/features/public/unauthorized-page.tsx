import { useEffect } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { StartPageLink } from './start-page-link';

/**
 * docs/requirements.md §2 Access Denied: not registered, contact the IT service desk. A user who is
 * not registered (no profile, no role, or refused) has their stored login cleared; a signed-in user
 * who opened a page of another role stays signed in and is offered their own start page
 * (docs/decisions/0036-page-titles-focus-and-not-found.md).
 */
export function UnauthorizedPage() {
  const { clearLoginUser, config, interactionStatus, loginUserDetails } = useAuth();
  const signedIn = Boolean(loginUserDetails);
  const settled = interactionStatus === 'none';
  useEffect(() => {
    if (settled && !signedIn) void clearLoginUser();
  }, [settled, signedIn, clearLoginUser]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Access denied</h1>
        {signedIn ? (
          <p>You do not have access to this page.</p>
        ) : (
          <p>You are not registered to use this service, or you do not have access to this page.</p>
        )}
        <p>
          Contact your IT service desk to request access.
          {config && (
            <>
              {' '}
              If you need help with this service, email{' '}
              <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>.
            </>
          )}
        </p>
        {signedIn && <StartPageLink />}
      </div>
    </div>
  );
}
