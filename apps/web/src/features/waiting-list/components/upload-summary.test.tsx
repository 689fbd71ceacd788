import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { archiveCountMessages, type ArchiveWarning } from '@esr/contracts/archive-warning';
import type { ValidationSummary } from '@esr/contracts/waiting-list';
import { buildSummary } from '../lib/test-builders';
import { UploadSummary, type ArchiveCountInput } from './upload-summary';

const warning: ArchiveWarning = {
  archived: 2394,
  active: 2398,
  percent: 99.8,
  sentence: 'Confirming will take 2,394 of 2,398 patients (99.8%) off the knee replacement waiting list.',
};
const tinyFileOverBigList = buildSummary({
  changes: { added: 0, updated: 0, unchanged: 4, archived: 2394 },
  archiveWarning: warning,
});

function render(summary: ValidationSummary, archiveCount: Partial<ArchiveCountInput> = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <UploadSummary
        type="knee"
        waitingList={summary}
        bloodTest={summary}
        pages={{ waitingList: 1, bloodTest: 1 }}
        onPage={() => undefined}
        hrefFor={() => '?'}
        busy={null}
        onConfirm={() => undefined}
        onCancel={() => undefined}
        onDownload={() => undefined}
        downloading={null}
        archiveCount={{ value: '', error: undefined, onChange: () => undefined, ...archiveCount }}
      />
    </MemoryRouter>,
  );
}
const text = (html: string) => html.replace(/<[^<>]+>/g, '');
const confirmButton = (html: string) => /<button([^>]*)>Confirm<\/button>/.exec(html)?.[1] ?? null;

describe('an upload that would take most of the list off it (docs/decisions/0053-archive-warning-on-confirm.md)', () => {
  it("is warned of in an NHS.UK warning callout, in the server's words", () => {
    const html = render(tinyFileOverBigList);
    const callout = /<div class="nhsuk-warning-callout">(.*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(text(callout)).toContain('Important: Check this is the whole list');
    expect(callout).toContain(`<p>${warning.sentence}</p>`);
    // Inside "What confirming will do", above the counts.
    expect(html.indexOf('nhsuk-warning-callout')).toBeGreaterThan(html.indexOf('What confirming will do'));
    expect(html.indexOf('nhsuk-warning-callout')).toBeLessThan(
      html.indexOf('Patients archived (not on the new list)'),
    );
  });

  it('asks for the number in a labelled field with a hint, above an enabled warning Confirm', () => {
    const html = render(tinyFileOverBigList, { value: '2,39' });
    expect(html).toContain(
      `<label class="nhsuk-label nhsuk-label--s" for="archive-count">${archiveCountMessages.label}</label>`,
    );
    expect(html).toContain(
      `<div class="nhsuk-hint" id="archive-count-hint">${archiveCountMessages.hint}</div>`,
    );
    const input = /<input([^>]*id="archive-count"[^>]*)>/.exec(html)?.[1] ?? '';
    expect(input).toContain('aria-describedby="archive-count-hint"');
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('value="2,39"');
    expect(input).not.toContain('aria-invalid');
    // A form of its own, so that Enter in the field confirms.
    expect(html).toMatch(/<form noValidate="">.*id="archive-count".*<\/form>/);
    expect(html.indexOf('id="archive-count"')).toBeLessThan(html.indexOf('>Confirm</button>'));
    const button = confirmButton(html);
    expect(button).toContain('nhsuk-button--warning');
    expect(button).not.toMatch(/\sdisabled=""/);
    expect(button).toContain('aria-disabled="false"');
  });

  it('shows a wrong number as an NHS.UK inline error, the field marked and described by it', () => {
    const html = render(tinyFileOverBigList, { value: '2398', error: archiveCountMessages.wrong });
    expect(html).toContain('<div class="nhsuk-form-group nhsuk-form-group--error">');
    expect(html).toContain(
      `<span class="nhsuk-error-message" id="archive-count-error"><span class="nhsuk-u-visually-hidden">Error:</span> ${archiveCountMessages.wrong}</span>`,
    );
    const input = /<input([^>]*id="archive-count"[^>]*)>/.exec(html)?.[1] ?? '';
    expect(input).toContain('aria-describedby="archive-count-hint archive-count-error"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('nhsuk-input--error');
    expect(confirmButton(html)).not.toMatch(/\sdisabled=""/);
  });

  it('asks for nothing when the summary does not warn: an ordinary Confirm', () => {
    const html = render(buildSummary({ changes: { added: 3, updated: 40, unchanged: 2300, archived: 55 } }));
    expect(html).not.toContain('nhsuk-warning-callout');
    expect(html).not.toContain('archive-count');
    expect(confirmButton(html)).not.toContain('nhsuk-button--warning');
    expect(text(html)).toContain('Patients archived (not on the new list)55');
  });

  it('asks for nothing once the upload is decided', () => {
    const html = render({ ...tinyFileOverBigList, batchStatus: 'IMPORTED' });
    expect(html).not.toContain('nhsuk-warning-callout');
    expect(html).not.toContain('archive-count');
  });
});
