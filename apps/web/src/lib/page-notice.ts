import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A success to show on the page a form returns to ("Priority changed to P3"): the form sets it for
 * that page's path just before it navigates there, and the page shows it once, as an NHS.UK
 * success banner (NotificationBanner of components/content.tsx). It is kept here rather than in the history's
 * state, because a form opened from a page goes back to it (Back then skips the form), and going
 * back carries no state. It lives in lib/ so that any feature's page can show what another's form
 * recorded (features never import each other).
 */
let pending: { pathname: string; text: string } | null = null;

/** The path of an address, without its query: what a notice is kept for. */
const pathnameOf = (to: string) => to.split(/[?#]/)[0] ?? to;

/** Show `text` on the page at `to` (an address from config/paths.ts) when it next opens. */
export function setPageNotice(to: string, text: string): void {
  pending = { pathname: pathnameOf(to), text };
}

/** The notice left for this page, taken once when it opens; null when there is none. */
export function usePageNotice(): string | null {
  const { pathname } = useLocation();
  const [notice] = useState(() => (pending?.pathname === pathname ? pending : null));
  useEffect(() => {
    if (pending?.pathname === pathname) pending = null;
  }, [pathname]);
  // A page kept on screen for another address (another patient) does not carry it over.
  return notice?.pathname === pathname ? notice.text : null;
}
