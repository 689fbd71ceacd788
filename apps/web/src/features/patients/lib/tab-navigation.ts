/**
 * Keyboard use of a vertical tab list (WAI-ARIA Authoring Practices, tabs with automatic
 * activation): the arrow keys move to the previous or next tab, wrapping round, Home and End to
 * the first and last. Any other key is not the tab list's.
 */
export function tabIndexAfterKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
