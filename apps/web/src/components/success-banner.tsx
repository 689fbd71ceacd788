import { useId } from 'react';

/**
 * NHS.UK success notification banner: what a form has just recorded, above the page's heading, on
 * the page the form returned to (lib/page-notice.ts). It is announced as an alert; its title's id
 * is its own, so that it can share a page with another banner.
 */
export function SuccessBanner({ text }: { text: string | null }) {
  const titleId = useId();
  if (!text) return null;
  return (
    <div
      className="nhsuk-notification-banner nhsuk-notification-banner--success"
      role="alert"
      aria-labelledby={titleId}
    >
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id={titleId}>
          Success
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">
        <p className="nhsuk-notification-banner__heading">{text}</p>
      </div>
    </div>
  );
}
