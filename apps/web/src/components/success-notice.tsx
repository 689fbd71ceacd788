import { useEffect, useRef, type ReactNode } from 'react';
import { NotificationBanner } from './content';

/**
 * What an action has just done, as an NHS.UK success banner that takes the focus and comes into
 * view when it appears: after a form returns to a long page (the browser puts the page back where
 * it was, mid-way down), the user sees and hears what happened, not an off-screen heading.
 */
export function SuccessNotice({ text, children }: { text: string; children?: ReactNode }) {
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start' });
    // Once more after the browser's own scroll restoration of a page gone back to.
    const frame = requestAnimationFrame(() => element.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [text]);
  return (
    <div ref={banner} tabIndex={-1} className="app-focus-target">
      <NotificationBanner title="Success" success>
        <p className="nhsuk-notification-banner__heading">{text}</p>
        {children}
      </NotificationBanner>
    </div>
  );
}
