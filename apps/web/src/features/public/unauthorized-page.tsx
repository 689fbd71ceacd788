import { useEffect } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';

/** docs/requirements.md §2 Access Denied: not registered, contact the IT service desk; clears the stored login user. */
export function UnauthorizedPage() {
  const { clearLoginUser, config } = useAuth();
  useEffect(() => {
    void clearLoginUser();
  }, [clearLoginUser]);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Access denied</h1>
        <p>You are not registered to use this service, or you do not have access to this page.</p>
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
      </div>
    </div>
  );
}
