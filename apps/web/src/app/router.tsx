import type { ReactNode } from 'react';
import { BrowserRouter, Routes, Route, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth/auth-provider';
import { Layout } from './layout';
import { RootPage } from './root-page';
import { RequireRoles } from './require-roles';
import { guardedRoutes, publicPages } from '../config/screen-table';
import { AreaScreen } from './area-screen';
import { LandingPage } from '../features/public/landing-page';
import { PrivacyPage } from '../features/public/privacy-page';
import { AccessibilityPage } from '../features/public/accessibility-page';
import { UnauthorizedPage } from '../features/public/unauthorized-page';
import { LoadingPage } from '../features/public/loading-page';
import { NotFoundPage } from '../features/public/not-found-page';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

function Providers({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <AuthProvider navigate={(to, options) => navigate(to, options)}>{children}</AuthProvider>;
}

/**
 * Declarative routes: the screens use only what they offer (links, navigation, parameters), and
 * the data router's loaders and actions would add a third of React Router to every first load.
 * The guard runs before a screen's area is loaded, so a role downloads only its own screens.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Providers>
          <Routes>
            <Route element={<Layout />}>
              <Route path={publicPages.home} element={<RootPage />} />
              <Route path={publicPages.homeAlias} element={<LandingPage />} />
              <Route path={publicPages.privacy} element={<PrivacyPage />} />
              <Route path={publicPages.accessibility} element={<AccessibilityPage />} />
              <Route path={publicPages.unauthorized} element={<UnauthorizedPage />} />
              <Route path={publicPages.authCallback} element={<LoadingPage />} />
              {/* The screen table's guards, then the screen with its area's chunk (docs/requirements.md §2). */}
              {guardedRoutes.map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RequireRoles allowed={route.allowed}>
                      <AreaScreen id={route.id} />
                    </RequireRoles>
                  }
                />
              ))}
              {/* An unknown path says so (docs/decisions/0036-page-titles-focus-and-not-found.md). */}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Providers>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
