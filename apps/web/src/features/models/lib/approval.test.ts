import { describe, expect, it } from 'vitest';
import { modelMessages, modelStatuses } from '@esr/contracts/models';
import { approvalProblem, proposalProblem, statusColour, statusText, versionActions } from './approval';
import {
  buildModelVersion,
  buildRecalibratedVersion,
  buildSupersededVersion,
  testDeclined,
} from './test-builders';

const declined = buildModelVersion({ status: 'declined', isActive: false, declined: testDeclined });
const inactive = buildModelVersion({
  status: 'inactive',
  isActive: false,
  activatedAt: null,
  activatedBy: null,
  localPerformance: null,
});
const awaiting = buildRecalibratedVersion();
const active = buildModelVersion();
const superseded = buildSupersededVersion();

describe('a version’s status (decision 0060)', () => {
  it('is said in words, in a tag of its own colour, for every status', () => {
    expect(modelStatuses.map((status) => statusText[status])).toEqual([
      'Awaiting approval',
      'Active',
      'Superseded',
      'Declined',
      'Not active',
    ]);
    expect(new Set(modelStatuses.map((status) => statusColour[status])).size).toBe(modelStatuses.length);
    expect(statusColour.active).toBe('green');
    expect(statusColour['awaiting approval']).toBe('yellow');
  });
});

describe('what each role can do with a version', () => {
  it('lets a technical admin propose a version neither active nor proposed, and recalibrate one with outcomes', () => {
    expect(versionActions('technicalAdmin', superseded)).toEqual(['propose', 'recalibrate', 'card']);
    expect(versionActions('technicalAdmin', declined)).toEqual(['propose', 'recalibrate', 'card']);
    expect(versionActions('technicalAdmin', inactive)).toEqual(['propose', 'card']);
    expect(versionActions('technicalAdmin', active)).toEqual(['recalibrate', 'card']);
    expect(versionActions('technicalAdmin', awaiting)).toEqual(['card']);
  });

  it('lets a clinical safety officer review a version awaiting approval, and read every card', () => {
    expect(versionActions('safetyOfficer', awaiting)).toEqual(['review', 'card']);
    for (const version of [active, superseded, declined, inactive])
      expect(versionActions('safetyOfficer', version)).toEqual(['card']);
  });
});

describe('approving a version, before the API is asked', () => {
  it('is open for a version awaiting approval that someone else proposed', () => {
    expect(approvalProblem(awaiting)).toBeNull();
  });

  it('is refused to the one who proposed it, in the API’s words', () => {
    const own = buildRecalibratedVersion({
      proposal: { by: 'Sam Okafor', at: '2026-06-02T08:30:00Z', byYou: true },
    });
    expect(approvalProblem(own)).toBe(modelMessages.proposerCannotApprove);
  });

  it('has nothing to approve for a version no one has proposed, or the active one', () => {
    expect(approvalProblem(active)).toBe(modelMessages.alreadyActive);
    for (const version of [superseded, declined, inactive])
      expect(approvalProblem(version)).toBe(modelMessages.nothingToApprove);
  });
});

describe('proposing a version', () => {
  it('is refused for the active version and for one already awaiting approval', () => {
    expect(proposalProblem(active)).toBe(modelMessages.alreadyActive);
    expect(proposalProblem(awaiting)).toBe(modelMessages.alreadyProposed);
    for (const version of [superseded, declined, inactive]) expect(proposalProblem(version)).toBeNull();
  });
});
