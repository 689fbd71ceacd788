import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * NHS.UK scroll component: content wider than the page (a table with many columns) scrolls
 * sideways inside a named region, with shadows at the edges that have more. While it overflows
 * the region takes keyboard focus, so that the arrow keys scroll it (WCAG 2.1.1), as the design
 * system's own script does.
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
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const update = () =>
      setOverflowing(
        content.scrollWidth > content.clientWidth || content.scrollHeight > content.clientHeight,
      );
    update();
    // The region keeps its size when new rows make the table wider: watch the table too.
    const observer = new ResizeObserver(update);
    observer.observe(content);
    if (content.firstElementChild) observer.observe(content.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={`nhsuk-scroll${className ? ` ${className}` : ''}`}>
      <div
        className="nhsuk-scroll__content"
        role="region"
        aria-labelledby={labelledBy}
        tabIndex={overflowing ? 0 : undefined}
        ref={contentRef}
      >
        {children}
      </div>
    </div>
  );
}
