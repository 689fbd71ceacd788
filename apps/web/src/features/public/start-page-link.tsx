import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { startPathFor } from '../../lib/roles';

/**
 * The way back from a page that is not the user's (docs/decisions/0036-page-titles-focus-and-not-found.md):
 * signed in, to their role's start page; signed out, to the home page.
 */
export function StartPageLink() {
  const { loginUserDetails, currentSelectedRole, roles } = useAuth();
  return (
    <p>
      {loginUserDetails ? (
        <Link className="nhsuk-link" to={startPathFor(currentSelectedRole, roles)}>
          Go to your start page
        </Link>
      ) : (
        <Link className="nhsuk-link" to="/">
          Go to the home page
        </Link>
      )}
    </p>
  );
}
