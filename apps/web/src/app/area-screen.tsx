import { Suspense, use } from 'react';
import { LoadingPage } from '../features/public/loading-page';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';
import type { GuardedRoute } from './route-table';
import { loadArea } from './screens';

function LoadedScreen({ route }: { route: GuardedRoute }) {
  const Screen = use(loadArea(route.area)).screens[route.path];
  return Screen ? <Screen /> : <PlaceholderPage title={route.title} />;
}

/**
 * A guarded route's screen, loaded with its area's chunk; 'Loading data' in the layout meanwhile.
 * A load that fails or times out is shown, with a retry, by the layout's ScreenErrorBoundary.
 */
export function AreaScreen({ route }: { route: GuardedRoute }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <LoadedScreen route={route} />
    </Suspense>
  );
}
