import { Outlet, useLocation, useNavigate } from 'react-router';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Button } from '../components/button';
import { NotificationBanner } from '../components/content';
import { ReadOnlyBanner } from '../components/read-only-banner';
import { useAuth } from '../lib/auth/auth-provider';
import { buildBreadcrumbs } from '../lib/breadcrumbs';
import { isFooterShown } from '../lib/footer';
import { roleOnAdmission, startPathFor } from '../lib/roles';
import { usePageTitle } from '../lib/page-title';
import { useFocusOnRouteChange } from '../lib/route-focus';
import { usePatientForBreadcrumb } from '../lib/breadcrumb-patient';
import { mayOpen, pageTitleFor, publicPages, screenTable } from '../config/screen-table';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { retryFailedAreas } from './screens';

const publicPaths = new Set<string>(Object.values(publicPages));
const mainId = 'maincontent';

export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const signedIn = Boolean(auth.loginUserDetails);
  const landing = startPathFor(auth.currentSelectedRole, auth.roles);
  // Decision 0060: a clinical safety officer reviews the versions at /upload-model, uploading none.
  const reviewsModels =
    roleOnAdmission(auth.currentSelectedRole, auth.roles, screenTable.uploadModel.allowed) ===
    'ClinicalSafetyOfficer';
  const renamed = reviewsModels ? { 'upload-model': 'Model versions' } : undefined;
  usePageTitle(
    reviewsModels && location.pathname.replace(/(.)\/$/, '$1') === screenTable.uploadModel.path
      ? 'Model versions'
      : pageTitleFor(location.pathname),
  );
  useFocusOnRouteChange(mainId);
  const patient = usePatientForBreadcrumb();
  const showCrumbs = signedIn && !publicPaths.has(location.pathname.replace(/(.)\/$/, '$1'));
  return (
    <>
      <a className="nhsuk-skip-link" href={`#${mainId}`}>
        Skip to main content
      </a>
      <Header
        homeHref={signedIn ? landing : '/'}
        trustName={auth.loginUserDetails?.trust.name}
        userName={auth.loginUserDetails?.name}
        roles={auth.roles}
        currentRole={auth.currentSelectedRole}
        onSelectRole={(role) => void auth.selectRole(role)}
        onSignIn={() => void auth.signIn()}
        onSignOut={() => void auth.signOut()}
        signedIn={signedIn}
      />
      {showCrumbs && auth.loginUserDetails && (
        <Breadcrumbs
          crumbs={buildBreadcrumbs({
            pathname: location.pathname,
            search: location.search,
            trustName: auth.loginUserDetails.trust.name,
            landingPath: landing,
            patient,
            pageNames: renamed,
            canOpen: (pathname) => mayOpen(pathname, auth.roles),
          })}
        />
      )}
      <div className="nhsuk-width-container">
        <main className="nhsuk-main-wrapper" id={mainId} tabIndex={-1}>
          {/* At the top of main, so that "Skip to main content" leads to it (decision 0067). */}
          <ReadOnlyBanner readOnly={auth.config?.readOnly} />
          {signedIn && auth.renewalNeeded && (
            <NotificationBanner title="Important">
              <p className="nhsuk-notification-banner__heading">
                Your session could not be renewed automatically.
              </p>
              <p>Continue your session to keep working. A sign-in window will open.</p>
              <Button variant="secondary" onClick={() => void auth.renewInPopup()}>
                Continue session
              </Button>
            </NotificationBanner>
          )}
          <ScreenErrorBoundary resetKey={location.key} onRetry={retryFailedAreas}>
            <Outlet context={{ navigate }} />
          </ScreenErrorBoundary>
        </main>
      </div>
      {isFooterShown(location.pathname) && auth.config && (
        <Footer contactEmail={auth.config.contactEmail} regulatoryUrl={auth.config.regulatoryUrl} />
      )}
    </>
  );
}
