import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page that is still loading may take to show its heading before focus stays on main. */
const headingWait = 15_000;

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.classList.add('app-focus-target');
  heading.focus();
}

/**
 * Moves focus to the page's h1, or to `main` (the skip link's target) until the h1 of a page that
 * is still loading appears. A page that has put focus somewhere inside `main` itself (its error
 * summary, docs/decisions/0018-error-summary-focus.md, or its own heading) keeps it. While the page
 * settles, a heading replaced by another (a loading heading by the loaded page's) passes focus on
 * to the new one, rather than dropping it to the body. Returns what stops watching.
 */
export function focusPageHeading(main: HTMLElement): () => void {
  const active = document.activeElement;
  if (active && active !== main && main.contains(active)) return () => undefined;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) focusHeading(heading);
  else main.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    const now = main.querySelector<HTMLElement>('h1');
    // The user may have moved on (Tab, a click) while the page loaded: leave their focus alone.
    const focusLost = document.activeElement === main || document.activeElement === document.body;
    if (now && focusLost) focusHeading(now);
  });
  const timer = window.setTimeout(() => stop(), headingWait);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  observer.observe(main, { childList: true, subtree: true });
  // Once the user acts, focus is theirs.
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
}

/**
 * docs/decisions/0036-page-titles-focus-and-not-found.md: after each client-side change of page
 * (its path; a new query on the same page is not a new page), focus moves to the new page's h1 so
 * that screen readers announce it. The first page load, and the redirects that finish it (the root
 * by role, the sign-in callback), leave focus where the browser puts it.
 */
export function useFocusOnRouteChange(mainId: string): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const typeRef = useRef(navigationType);
  typeRef.current = navigationType;
  const shown = useRef(pathname);
  const navigated = useRef(false);
  const stopWaiting = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    stopWaiting.current();
    if (typeRef.current !== 'REPLACE') navigated.current = true;
    if (!navigated.current) return;
    const main = document.getElementById(mainId);
    if (main) stopWaiting.current = focusPageHeading(main);
  }, [pathname, mainId]);
  useEffect(() => () => stopWaiting.current(), []);
}
