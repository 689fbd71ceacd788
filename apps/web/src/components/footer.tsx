import { Link } from 'react-router';
import { productName } from '@esr/contracts/messages';
import { paths } from '../config/paths';

/** docs/requirements.md §2 footer: Home, Accessibility statement, Privacy policy, Contact us, Regulatory, copyright. */
export function Footer({ contactEmail, regulatoryUrl }: { contactEmail: string; regulatoryUrl: string }) {
  return (
    <footer className="nhsuk-footer" role="contentinfo">
      <div className="nhsuk-width-container">
        <div className="nhsuk-footer__meta">
          <h2 className="nhsuk-u-visually-hidden">Support links</h2>
          <ul className="nhsuk-footer__list">
            <li className="nhsuk-footer__list-item">
              <Link className="nhsuk-footer__list-item-link" to={paths.home()}>
                Home
              </Link>
            </li>
            <li className="nhsuk-footer__list-item">
              <Link className="nhsuk-footer__list-item-link" to={paths.accessibility()}>
                Accessibility statement
              </Link>
            </li>
            <li className="nhsuk-footer__list-item">
              <Link className="nhsuk-footer__list-item-link" to={paths.privacy()}>
                Privacy policy
              </Link>
            </li>
            <li className="nhsuk-footer__list-item">
              <a className="nhsuk-footer__list-item-link" href={`mailto:${contactEmail}`}>
                Contact us
              </a>
            </li>
            <li className="nhsuk-footer__list-item">
              <a
                className="nhsuk-footer__list-item-link"
                href={regulatoryUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Regulatory<span className="nhsuk-u-visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
          <p className="nhsuk-body-s">
            &copy; {new Date().getFullYear()} {productName}
          </p>
        </div>
      </div>
    </footer>
  );
}
