import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { productName } from '@esr/contracts/messages';
import { roleNames } from '@esr/contracts/roles';
import { guardRoleByCode, type GuardRole, type RoleCode } from '@esr/contracts/roles';

const roleLabel = (role: GuardRole) => {
  const code = (Object.keys(guardRoleByCode) as RoleCode[]).find((c) => guardRoleByCode[c] === role);
  return code ? roleNames[code] : role;
};

interface HeaderProps {
  homeHref: string;
  trustName?: string | undefined;
  userName?: string | undefined;
  roles: GuardRole[];
  currentRole: GuardRole | null;
  onSelectRole(role: GuardRole): void;
  onSignIn(): void;
  onSignOut(): void;
  signedIn: boolean;
}

/** The NHS logo of the header. */
function NhsLogo() {
  return (
    <svg
      className="nhsuk-header__logo"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 200 80"
      height="40"
      width="100"
      focusable="false"
      role="img"
      aria-label="NHS"
    >
      <title>NHS</title>
      <path
        fill="currentcolor"
        d="M200 0v80H0V0h200Zm-27.5 5.5c-14.5 0-29 5-29 22 0 10.2 7.7 13.5 14.7 16.3l.7.3c5.4 2 10.1 3.9 10.1 8.4 0 6.5-8.5 7.5-14 7.5s-12.5-1.5-16-3.5L135 70c5.5 2 13.5 3.5 20 3.5 15.5 0 32-4.5 32-22.5 0-19.5-25.5-16.5-25.5-25.5 0-5.5 5.5-6.5 12.5-6.5a35 35 0 0 1 14.5 3l4-13.5c-4.5-2-12-3-20-3Zm-131 2h-22l-14 65H22l9-45h.5l13.5 45h21.5l14-65H64l-9 45h-.5l-13-45Zm63 0h-18l-13 65h17l6-28H117l-5.5 28H129l13.5-65H125L119.5 32h-20l5-24.5Z"
      />
    </svg>
  );
}

/**
 * The signed-in user's name and role; with more than one role, a menu to act in another, which
 * closes on Escape or a click outside it.
 */
function RoleMenu({
  userName,
  roles,
  currentRole,
  onSelectRole,
}: Pick<HeaderProps, 'roles' | 'currentRole' | 'onSelectRole'> & { userName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node)
      )
        setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  return (
    <li className="nhsuk-header__account-item app-role-menu" ref={menuRef}>
      {roles.length > 1 ? (
        <>
          <button
            type="button"
            className="nhsuk-header__account-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {userName}
            {currentRole && <span className="app-role-menu__current"> ({roleLabel(currentRole)})</span>}
            <span className="nhsuk-u-visually-hidden"> – change role</span>
          </button>
          <ul className="app-role-menu__list" id={menuId} hidden={!menuOpen}>
            {roles.map((role) => (
              <li key={role}>
                <button
                  type="button"
                  className="app-role-menu__option"
                  aria-current={role === currentRole ? 'true' : undefined}
                  onClick={() => {
                    setMenuOpen(false);
                    onSelectRole(role);
                  }}
                >
                  {roleLabel(role)}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <span>
          {userName}
          {currentRole && <span className="app-role-menu__current"> ({roleLabel(currentRole)})</span>}
        </span>
      )}
    </li>
  );
}

/** NHS.UK header (docs/requirements.md §1): trust name, product title, user name with role menu, sign-in or log out. */
export function Header({
  homeHref,
  trustName,
  userName,
  roles,
  currentRole,
  onSelectRole,
  onSignIn,
  onSignOut,
  signedIn,
}: HeaderProps) {
  return (
    <header className="nhsuk-header nhsuk-header--organisation" role="banner">
      <div className="nhsuk-header__container nhsuk-width-container">
        <div className="nhsuk-header__service">
          <Link
            className="nhsuk-header__service-logo"
            to={homeHref}
            aria-label={`NHS ${trustName ?? ''} ${productName} homepage`.replace(/\s+/g, ' ')}
          >
            <NhsLogo />
            {trustName && <span className="nhsuk-header__organisation-name">{trustName}</span>}
            <span className="nhsuk-header__service-name">{productName}</span>
          </Link>
        </div>
        <nav className="nhsuk-header__account" aria-label="Account">
          <ul className="nhsuk-header__account-list">
            {signedIn && userName && (
              <RoleMenu
                userName={userName}
                roles={roles}
                currentRole={currentRole}
                onSelectRole={onSelectRole}
              />
            )}
            <li className="nhsuk-header__account-item">
              {signedIn ? (
                <button type="button" className="nhsuk-header__account-button" onClick={onSignOut}>
                  Log out
                </button>
              ) : (
                <a
                  className="nhsuk-header__account-link"
                  href="/"
                  onClick={(event) => {
                    event.preventDefault();
                    onSignIn();
                  }}
                >
                  NHS Login
                </a>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
