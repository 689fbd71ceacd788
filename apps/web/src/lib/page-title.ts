import { useEffect } from 'react';
import { productName } from '@esr/contracts/messages';

/**
 * The document title (WCAG 2.4.2, docs/decisions/0036-page-titles-focus-and-not-found.md): the
 * page's title, then what the page is for when it is for one procedure, then the product, joined
 * by en dashes; "Error: " in front while an error summary is shown.
 */
export function formatPageTitle({
  title,
  detail,
  error = false,
}: {
  title: string;
  detail?: string | undefined;
  error?: boolean;
}): string {
  const parts = [title, detail, productName].filter((part): part is string => Boolean(part?.trim()));
  return `${error ? 'Error: ' : ''}${parts.join(' – ')}`;
}

/**
 * What the title is made of now. The layout names the page; a page adds what it is for; each
 * error summary with errors counts. Each mount adds an entry of its own and removes only that one,
 * whatever order pages and summaries come and go in.
 */
const state = {
  title: '',
  details: [] as { text: string }[],
  errors: new Set<object>(),
};

function apply(): void {
  if (typeof document === 'undefined' || !state.title) return;
  document.title = formatPageTitle({
    title: state.title,
    detail: state.details.at(-1)?.text,
    error: state.errors.size > 0,
  });
}

/** The page's own title: the layout sets it from the screen the address shows. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    state.title = title;
    apply();
  }, [title]);
}

/** What the page is for (a procedure's name), once it is known; the title drops it when the page goes. */
export function usePageTitleDetail(detail: string | undefined): void {
  useEffect(() => {
    if (!detail) return;
    const entry = { text: detail };
    state.details.push(entry);
    apply();
    return () => {
      state.details = state.details.filter((other) => other !== entry);
      apply();
    };
  }, [detail]);
}

/** "Error: " in front of the title while the caller (an error summary) shows errors. */
export function useErrorInPageTitle(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const token = {};
    state.errors.add(token);
    apply();
    return () => {
      state.errors.delete(token);
      apply();
    };
  }, [active]);
}
