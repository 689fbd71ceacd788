import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface ScrollState {
  /** The content is wider or taller than the region. */
  overflowing: boolean;
  /** There is more to the left of what is shown. */
  moreLeft: boolean;
  /** There is more to the right of what is shown. */
  moreRight: boolean;
}

const still: ScrollState = { overflowing: false, moreLeft: false, moreRight: false };

/** Less than a pixel from an edge is at it: browsers report fractional scroll positions. */
const edgeTolerance = 1;

function scrollStateOf(content: HTMLElement): ScrollState {
  const wider = content.scrollWidth - content.clientWidth;
  const overflowing = wider > edgeTolerance || content.scrollHeight > content.clientHeight + edgeTolerance;
  return {
    overflowing,
    moreLeft: wider > edgeTolerance && content.scrollLeft > edgeTolerance,
    moreRight: wider > edgeTolerance && content.scrollLeft < wider - edgeTolerance,
  };
}

const sameState = (a: ScrollState, b: ScrollState) =>
  a.overflowing === b.overflowing && a.moreLeft === b.moreLeft && a.moreRight === b.moreRight;

/**
 * NHS.UK scroll component: content wider than the page (a table with many columns) scrolls
 * sideways inside a named region, with a shadow only at an edge that has more. The design system's
 * script marks the region with these classes; without it, its style sheet draws both shadows on
 * every table, over the first column's text, even on tables that fit. While it overflows the
 * region takes keyboard focus, so that the arrow keys scroll it (WCAG 2.1.1), as that script does.
 */
export function ScrollRegion({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScrollState>(still);
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const update = () => {
      const next = scrollStateOf(content);
      setState((current) => (sameState(current, next) ? current : next));
    };
    update();
    // The region keeps its size when new rows make the table wider: watch the table too.
    const observer = new ResizeObserver(update);
    observer.observe(content);
    if (content.firstElementChild) observer.observe(content.firstElementChild);
    content.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      content.removeEventListener('scroll', update);
    };
  }, []);
  const classes = [
    'nhsuk-scroll',
    'app-scroll',
    state.overflowing && 'nhsuk-scroll--scrollable',
    state.moreLeft && 'nhsuk-scroll--scrollable-left',
    state.moreRight && 'nhsuk-scroll--scrollable-right',
    className,
  ].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <div
        className="nhsuk-scroll__content"
        role="region"
        aria-labelledby={labelledBy}
        tabIndex={state.overflowing ? 0 : undefined}
        ref={contentRef}
      >
        {children}
      </div>
    </div>
  );
}
