import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { riskBands, waitBands, type Matrix } from '@esr/contracts/prioritisation';
import { readWorklistView } from '../lib/worklist-params';
import { FlagCounts, RiskWaitMatrix } from './risk-wait-matrix';

const matrix: Matrix = {
  cells: riskBands.flatMap((risk) =>
    waitBands.map((wait) => ({
      risk,
      wait,
      count:
        risk === 'high' && wait === '52-65'
          ? 12
          : risk === 'low'
            ? 1
            : risk === 'incomplete' && wait === '18-52'
              ? 3
              : risk === 'excluded' && wait === '0-18'
                ? 2
                : 0,
    })),
  ),
  flags: {
    priority_breached: 3,
    validation_due: 0,
    harm_review_due: 7,
    clinician_review_due: 2,
    clerical_change_unreviewed: 1,
    missing_inputs: 4,
    tci_passed: 2,
    optimisation_open: 5,
  },
  total: 25,
  withoutClockStart: 2,
  today: '2026-11-27',
  suspendedOn: null,
};

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const links = (markup: string) =>
  [...markup.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((match) => ({
    href: match[1]!.replace(/&amp;/g, '&'),
    name: match[2]!.replace(/<[^<>]+>/g, ''),
  }));

describe('the risk × wait matrix (decision 0044)', () => {
  const view = readWorklistView(new URLSearchParams('priority=P2&flag=validation_due&sort=highest_risk'));
  const markup = render(<RiskWaitMatrix matrix={matrix} type="knee" view={view} />);

  it('is a table with a caption, the risk bands as row headers and the wait bands as column headers', () => {
    expect(markup).toContain('<caption');
    expect(markup).toContain(
      'Active pathways by risk and wait, with the priority, surgeon and NHS number filters applied',
    );
    expect(markup.match(/<th scope="col"/g)).toHaveLength(waitBands.length + 2);
    // Every row but the suspended one (decision 0063), and the total.
    expect(markup.match(/<th scope="row"/g)).toHaveLength(riskBands.length);
    expect(markup).not.toContain('>Predictions suspended</th>');
    expect(markup).toContain('>Over 104 weeks</th>');
    // Decision 0057: the pathways without a band, each in a row of its own, and what each row means.
    expect(markup).toContain('>Incomplete</th>');
    expect(markup).toContain('>Not scored (outside the model’s population)</th>');
    expect(markup).toContain('>Not processed</th>');
    expect(markup).toContain(
      'Incomplete: scored, but an input the model needs is not recorded, so it gives no band.',
    );
  });

  it('puts every scored pathway in one row while the predictions are suspended (decision 0063)', () => {
    const suspended = render(
      <RiskWaitMatrix
        matrix={{
          ...matrix,
          suspendedOn: '2026-12-04',
          cells: matrix.cells.map((cell) => ({
            ...cell,
            count:
              cell.risk === 'suspended'
                ? 3
                : ['high', 'medium', 'low', 'incomplete'].includes(cell.risk)
                  ? 0
                  : cell.count,
          })),
        }}
        type="knee"
        view={view}
      />,
    );
    expect(suspended).toContain('>Predictions suspended</th>');
    for (const band of ['High risk', 'Moderate risk', 'Low risk', 'Incomplete'])
      expect(suspended).not.toContain(`>${band}</th>`);
    expect(suspended).toContain('every scored pathway is in this row');
  });

  it('links each count to the worklist of its bands, with the matrix’s filters', () => {
    const found = links(markup);
    expect(found).toContainEqual({
      href: '/prioritisation/knee?risk=high&wait=52-65&priority=P2&sort=highest_risk',
      name: '12 pathways: high risk, waiting 52 to 65 weeks',
    });
    expect(found).toContainEqual({
      href: '/prioritisation/knee?risk=low&wait=0-18&priority=P2&sort=highest_risk',
      name: '1 pathway: low risk, waiting within 18 weeks',
    });
    expect(found).toContainEqual({
      href: '/prioritisation/knee?priority=P2&sort=highest_risk',
      name: '23 pathways: all risks and waits',
    });
    expect(found).toContainEqual({
      href: '/prioritisation/knee?risk=incomplete&wait=18-52&priority=P2&sort=highest_risk',
      name: '3 pathways: incomplete, waiting 18 to 52 weeks',
    });
    expect(found).toContainEqual({
      href: '/prioritisation/knee?risk=excluded&priority=P2&sort=highest_risk',
      name: '2 pathways: not scored (outside the model’s population)',
    });
    expect(found.filter((link) => link.href.includes('risk=not_processed'))).toEqual([]);
    // The zeros are not links.
    expect(found.filter((link) => link.href.includes('risk=medium&wait'))).toEqual([]);
  });

  it('tints high risk and long waits as a second cue, and says what the tint means', () => {
    expect(markup.match(/app-matrix__cell--attention/g)).toHaveLength(4);
    expect(markup).toContain('Shaded: high risk and waiting over 52 weeks.');
    expect(markup).toContain('27-Nov-2026');
  });

  it('says how many pathways have no clock start', () => {
    expect(markup).toContain('2 pathways have no clock start');
  });

  it('links each flag count but none to the worklist of that flag', () => {
    const flags = links(
      render(<FlagCounts matrix={matrix} isLoading={false} isError={false} type="hip" view={view} />),
    );
    expect(flags).toEqual([
      {
        href: '/prioritisation/hip?flag=priority_breached&priority=P2&sort=highest_risk',
        name: 'Show these pathways (priority breached)',
      },
      {
        href: '/prioritisation/hip?flag=harm_review_due&priority=P2&sort=highest_risk',
        name: 'Show these pathways (harm review due)',
      },
      {
        href: '/prioritisation/hip?flag=clinician_review_due&priority=P2&sort=highest_risk',
        name: 'Show these pathways (clinician review due)',
      },
      {
        href: '/prioritisation/hip?flag=clerical_change_unreviewed&priority=P2&sort=highest_risk',
        name: 'Show these pathways (changed by clerical staff, not reviewed)',
      },
      {
        href: '/prioritisation/hip?flag=missing_inputs&priority=P2&sort=highest_risk',
        name: 'Show these pathways (missing inputs)',
      },
      {
        href: '/prioritisation/hip?flag=tci_passed&priority=P2&sort=highest_risk',
        name: 'Show these pathways (TCI date passed)',
      },
      {
        href: '/prioritisation/hip?flag=optimisation_open&priority=P2&sort=highest_risk',
        name: 'Show these pathways (optimisation open)',
      },
    ]);
  });
});
