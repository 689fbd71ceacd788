import { Suspense } from 'react';
import { LoadingPage } from '../features/public/loading-page';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';
import type { GuardedRoute } from './route-table';
import { screens } from './screens';

/**
 * A guarded route's screen, loaded with its area's chunk; 'Loading data' in the layout meanwhile.
 * A load that fails or times out is shown, with a retry, by the layout's ScreenErrorBoundary.
 */
export function AreaScreen({ route }: { route: GuardedRoute }) {
  const Screen = screens[route.path];
  if (!Screen) return <PlaceholderPage title={route.title} />;
  return (
    <Suspense fallback={<LoadingPage />}>
      <Screen />
    </Suspense>
  );
}
