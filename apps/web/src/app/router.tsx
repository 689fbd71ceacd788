import { createBrowserRouter, RouterProvider, Outlet, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth/auth-provider';
import { Layout } from './layout';
import { RootPage } from './root-page';
import { RequireRoles } from './require-roles';
import { guardedRoutes } from './route-table';
import { screens } from './screens';
import { LandingPage } from '../features/public/landing-page';
import { PrivacyPage } from '../features/public/privacy-page';
import { AccessibilityPage } from '../features/public/accessibility-page';
import { UnauthorizedPage } from '../features/public/unauthorized-page';
import { LoadingPage } from '../features/public/loading-page';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

function Providers() {
  const navigate = useNavigate();
  return (
    <AuthProvider navigate={(to, options) => navigate(to, options)}>
      <Outlet />
    </AuthProvider>
  );
}

const router = createBrowserRouter([
  {
    element: <Providers />,
    children: [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <RootPage /> },
          { path: '/home', element: <LandingPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/accessibility', element: <AccessibilityPage /> },
          { path: '/unauthorized', element: <UnauthorizedPage /> },
          { path: '/auth/callback', element: <LoadingPage /> },
          ...guardedRoutes.map((route) => {
            const Screen = screens[route.path];
            return {
              path: route.path,
              element: (
                <RequireRoles allowed={route.allowed}>
                  {Screen ? <Screen /> : <PlaceholderPage title={route.title} />}
                </RequireRoles>
              ),
            };
          }),
          // spec §2: any unknown path shows the landing page.
          { path: '*', element: <LandingPage /> },
        ],
      },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
