import { describe, expect, it } from 'vitest';
import { PageFlow } from './page-flow.js';

function flowOnFakeDocument() {
  const calls: string[] = [];
  let pages = 1;
  const doc = {
    addPage: () => {
      pages += 1;
      calls.push('addPage');
    },
    bufferedPageRange: () => ({ start: 0, count: pages }),
  } as unknown as PDFKit.PDFDocument;
  const flow = new PageFlow(
    doc,
    { top: 40, left: 20, width: 500, bottom: 800 },
    { beforeBreak: () => calls.push('footer'), afterBreak: () => calls.push(`header at ${flow.y}`) },
  );
  return { flow, calls };
}

describe('PageFlow', () => {
  it('keeps a block on the page when it fits', () => {
    const { flow, calls } = flowOnFakeDocument();
    flow.y = 700;
    flow.room(100);
    expect(calls).toEqual([]);
    expect(flow.y).toBe(700);
  });
  it('moves a block that does not fit to a new page: footer, new page, header at the top', () => {
    const { flow, calls } = flowOnFakeDocument();
    flow.y = 700;
    flow.room(101);
    expect(calls).toEqual(['footer', 'addPage', 'header at 40']);
    expect(flow.y).toBe(40);
  });
  it('ends a page it was told to end early higher, and only that page', () => {
    const { flow, calls } = flowOnFakeDocument();
    flow.shortenPage(1, 650);
    flow.y = 600;
    flow.room(60);
    expect(calls).toEqual(['footer', 'addPage', 'header at 40']);
    // Page 2 ends at the area's bottom again.
    flow.y = 700;
    flow.room(100);
    expect(calls).toHaveLength(3);
  });
  it('never leaves an empty page for a block taller than a page', () => {
    const { flow, calls } = flowOnFakeDocument();
    flow.room(2000);
    expect(calls).toEqual([]);
  });
});
