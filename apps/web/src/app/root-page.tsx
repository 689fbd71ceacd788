import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth/auth-provider';
import { LandingPage } from '../features/public/landing-page';
import { LoadingPage } from '../features/public/loading-page';
import { rootRedirectFor } from '../lib/roles';
import { paths } from '../config/paths';

/**
 * docs/requirements.md §2: signed out, the root shows the landing page; signed in, it redirects by role priority.
 * Users whose roles are outside that priority list see the landing page rather than being
 * refused (docs/decisions/0003-root-for-other-roles.md): Technical Admins go to their own screen, and
 * Clinical Safety Officers to the model's monitoring (decision 0060).
 */
export function RootPage() {
  const { interactionStatus, loginUserDetails, roles } = useAuth();
  if (interactionStatus !== 'none' && interactionStatus !== 'login') return <LoadingPage />;
  if (!loginUserDetails) return <LandingPage />;
  const target = rootRedirectFor(roles);
  if (target !== paths.unauthorized()) return <Navigate to={target} replace />;
  if (roles.includes('TechnicalAdmin')) return <Navigate to={paths.uploadModel()} replace />;
  if (roles.includes('ClinicalSafetyOfficer')) return <Navigate to={paths.modelPerformance()} replace />;
  return <LandingPage />;
}
