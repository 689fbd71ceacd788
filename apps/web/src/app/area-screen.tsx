import { Suspense } from 'react';
import { LoadingPage } from '../features/public/loading-page';
import type { ScreenId } from '../config/screen-table';
import { screens } from './screens';

/**
 * A guarded route's screen, loaded with its area's chunk; 'Loading data' in the layout meanwhile.
 * A load that fails or times out is shown, with a retry, by the layout's ScreenErrorBoundary.
 */
export function AreaScreen({ id }: { id: ScreenId }) {
  const Screen = screens[id];
  return (
    <Suspense fallback={<LoadingPage />}>
      <Screen />
    </Suspense>
  );
}
