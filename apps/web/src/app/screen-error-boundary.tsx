import { Component, type ReactNode } from 'react';
import { Button } from '../components/button';
import { ChunkLoadError } from '../lib/chunk-load';

/** What the user sees when a screen cannot be shown, with a way to try again. */
function ScreenFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const chunk = error instanceof ChunkLoadError ? error : null;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>
          {chunk ? 'Sorry, this page could not be loaded' : 'Sorry, there is a problem with the service'}
        </h1>
        <div role="alert">
          {chunk ? (
            <>
              <p>
                {chunk.timedOut
                  ? 'The page took too long to load.'
                  : 'The page could not be downloaded from the service.'}{' '}
                Check your internet connection, then try again.
              </p>
              <p>
                If it still does not load, the service may have been updated: reload the page in your browser.
              </p>
            </>
          ) : (
            <p>Try again. If the problem continues, reload the page in your browser.</p>
          )}
        </div>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

/**
 * Keeps the header and navigation on screen when a screen fails: a screen's code that did not
 * arrive (docs/requirements.md §9 chunk loading) or a screen that failed while drawing. Try again, or going to
 * another page, draws it again and asks again for code that did not arrive.
 */
export class ScreenErrorBoundary extends Component<
  {
    children: ReactNode;
    resetKey: string;
    /** Called before drawing again, so that code that failed to arrive is asked for again. */
    onRetry: () => void;
  },
  { error: unknown; failed: boolean }
> {
  state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.props.onRetry();
      this.setState({ error: null, failed: false });
    }
  }

  render() {
    if (this.state.failed)
      return (
        <ScreenFailed
          error={this.state.error}
          onRetry={() => {
            this.props.onRetry();
            this.setState({ error: null, failed: false });
          }}
        />
      );
    return this.props.children;
  }
}
