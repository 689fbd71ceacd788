import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from './breadcrumbs';
import { CaptionHeading } from './caption-heading';
import { DataText, dataText } from './data-text';

// docs/decisions/0043: text from the data is isolated, and shown without hidden direction controls.
const rlo = '\u202E';

describe('DataText', () => {
  it('isolates a name in <bdi> and removes a right-to-left override', () => {
    expect(renderToStaticMarkup(<DataText text={`Mr ${rlo}kcaj`} />)).toBe('<bdi>Mr kcaj</bdi>');
    expect(renderToStaticMarkup(<DataText text="Siobhán O’Brien" />)).toBe('<bdi>Siobhán O’Brien</bdi>');
    expect(renderToStaticMarkup(<DataText text={null} />)).toBe('');
    expect(dataText(`Ann${rlo}gnp.exe`)).toBe('Anngnp.exe');
    expect(dataText(undefined)).toBe('');
  });

  it("isolates the patient's name in a screen's caption and in the breadcrumbs", () => {
    const heading = renderToStaticMarkup(
      <CaptionHeading title="Risk summary" caption={`Ann${rlo}gnp.exe Okafor`} />,
    );
    expect(heading).toContain('<bdi>Anngnp.exe Okafor</bdi>');
    const crumbs = renderToStaticMarkup(
      <MemoryRouter>
        <Breadcrumbs
          crumbs={[
            { text: 'Patients', href: '/patients' },
            { text: `Ann${rlo}gnp.exe Okafor`, href: '/patients/1' },
            { text: 'Edit details' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(crumbs).not.toContain(rlo);
    expect(crumbs.match(/<bdi>Anngnp\.exe Okafor<\/bdi>/g)).toHaveLength(2);
  });
});
