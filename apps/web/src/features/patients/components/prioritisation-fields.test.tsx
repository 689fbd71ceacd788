import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CountedTextarea, RevealRadios } from './prioritisation-fields';

const noop = () => undefined;

describe('the prioritisation forms’ fields (decision 0044)', () => {
  it('describes a textarea by its hint, its error and its character count', () => {
    const html = renderToStaticMarkup(
      <CountedTextarea
        id="reason"
        label="Reason"
        hint="Why"
        error="Enter the reason"
        value={'x'.repeat(10)}
        onChange={noop}
        onBlur={noop}
      />,
    );
    expect(html).toContain('<label class="nhsuk-label nhsuk-label--s" for="reason">Reason</label>');
    expect(html).toContain('aria-describedby="reason-hint reason-error reason-count"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('You have 490 characters remaining');
  });

  it('reveals a further question under the chosen item only, and names what each item controls', () => {
    const render = (selected: string) =>
      renderToStaticMarkup(
        <RevealRadios
          name="outcome"
          legend="Outcome"
          error={undefined}
          selected={selected}
          onChange={noop}
          items={[
            { value: 'remain', label: 'Remain' },
            { value: 'postpone', label: 'Postpone', reveal: <p>P5 or P6</p> },
          ]}
        />,
      );
    const closed = render('remain');
    expect(closed).toContain(
      '<legend class="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Outcome</legend>',
    );
    expect(closed).toContain('id="outcome-1"');
    expect(closed).toContain('aria-controls="conditional-outcome-2"');
    expect(closed).toMatch(/id="conditional-outcome-2" hidden=""/);
    expect(render('postpone')).not.toMatch(/id="conditional-outcome-2" hidden/);
  });
});
