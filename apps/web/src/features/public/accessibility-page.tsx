import { productName } from '@esr/contracts/messages';
import { useAuth } from '../../lib/auth/auth-provider';

/**
 * docs/requirements.md §2 accessibility statement: prepared 05/03/2025 against WCAG 2.2, keyboard-only access not
 * fully supported, a support contact. What it says about testing is what our test suite does.
 */
export function AccessibilityPage() {
  const { config } = useAuth();
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Accessibility statement</h1>
        <p>
          This statement applies to {productName}. We want as many people as possible to be able to use it,
          including people who use a screen reader, speech recognition or screen magnification.
        </p>
        <h2>How accessible this service is</h2>
        <p>
          The service is built with the NHS.UK design system and aims to meet the Web Content Accessibility
          Guidelines (WCAG) version 2.2 at level AA. Every screen in our automated browser tests is checked
          with axe against WCAG 2.0, 2.1 and 2.2 levels A and AA, and no failures are allowed.
        </p>
        <p>We know some parts are not fully accessible:</p>
        <ul>
          <li>
            Keyboard-only access is not fully supported: our automated tests use the mouse and have not yet
            covered every screen with a keyboard alone.
          </li>
          <li>
            Automated checks find only some accessibility problems; the service has not yet had a manual
            audit.
          </li>
        </ul>
        <h2>Feedback and contact information</h2>
        <p>
          If you find a problem or need information in a different format, email{' '}
          {config ? <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a> : 'the service team'}.
          We will reply within 5 working days.
        </p>
        <h2>Preparation of this statement</h2>
        <p>This statement was prepared on 05/03/2025. It was last reviewed on 22/11/2026.</p>
      </div>
    </div>
  );
}
