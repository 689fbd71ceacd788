const footerPaths = new Set(['/', '/home', '/privacy', '/accessibility']);

/** docs/requirements.md §2: the footer shows only on /, /home, /privacy and /accessibility. */
export function isFooterShown(pathname: string): boolean {
  return footerPaths.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}
