import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';

const base = {
  trustName: 'Royal National Orthopaedic Hospital NHS Trust',
  landingPath: '/admin-dashboard',
  search: '',
};

describe('breadcrumbs (docs/requirements.md §2)', () => {
  it('starts with the trust name linking to the landing page', () => {
    const crumbs = buildBreadcrumbs({ ...base, pathname: '/manage-active-trusts' });
    expect(crumbs[0]).toEqual({ text: base.trustName, href: '/admin-dashboard' });
  });
  it('turns hyphens to spaces and capitalises the first letter', () => {
    const crumbs = buildBreadcrumbs({ ...base, pathname: '/manage-active-trusts/add-new-trust' });
    expect(crumbs.map((c) => c.text)).toEqual([base.trustName, 'Manage active trusts', 'Add new trust']);
  });
  it('names the optimisation worklist apart from a patient’s factors (decision 0072)', () => {
    expect(buildBreadcrumbs({ ...base, pathname: '/optimisation/knee' }).map((c) => c.text)).toEqual([
      base.trustName,
      'Optimisation worklist',
      'Knee',
    ]);
    const patient = buildBreadcrumbs({ ...base, pathname: '/patient-lookup/abc/optimisation' });
    expect(patient.at(-1)!.text).toBe('Optimisation before surgery');
  });
  it('names the model pages as a clinical safety officer knows them, when told (decision 0060)', () => {
    const crumbs = buildBreadcrumbs({
      ...base,
      pathname: '/upload-model/knee/versions',
      pageNames: { 'upload-model': 'Model versions' },
    });
    expect(crumbs.map((c) => c.text)).toEqual([base.trustName, 'Model versions', 'Knee', 'Versions']);
  });
  it('calls a model version’s id “Version” (decision 0046)', () => {
    const crumbs = buildBreadcrumbs({
      ...base,
      pathname: '/upload-model/knee/versions/47e5736f-782a-475c-a1db-58e7187c0d83/card',
    });
    expect(crumbs.map((c) => c.text)).toEqual([
      base.trustName,
      'Upload model',
      'Knee',
      'Versions',
      'Version',
      'Card',
    ]);
  });
  it('links every crumb but the last', () => {
    const crumbs = buildBreadcrumbs({ ...base, pathname: '/manage-active-trusts/RAN/users' });
    expect(crumbs.map((c) => c.href)).toEqual([
      '/admin-dashboard',
      '/manage-active-trusts',
      '/manage-active-trusts/RAN',
      undefined,
    ]);
  });
  it('keeps the query string only when the path has more than 2 segments', () => {
    const deep = buildBreadcrumbs({
      ...base,
      pathname: '/patient-lookup/42/previous-risk-history',
      search: '?type=knee',
    });
    expect(deep[1]!.href).toBe('/patient-lookup?type=knee');
    expect(deep[2]!.href).toBe('/patient-lookup/42?type=knee');
    // The crumb says what the page's heading says, not its address.
    expect(deep[3]).toEqual({ text: 'Previous evaluations' });
    const shallow = buildBreadcrumbs({ ...base, pathname: '/patient-lookup/42', search: '?type=knee' });
    expect(shallow[1]!.href).toBe('/patient-lookup');
  });
  it("shows the loaded patient's name for the segment after patient-lookup", () => {
    const crumbs = buildBreadcrumbs({
      ...base,
      pathname: '/patient-lookup/42/edit-details',
      patient: { id: '42', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(crumbs[2]!.text).toBe('Ada Lovelace');
    const other = buildBreadcrumbs({
      ...base,
      pathname: '/patient-lookup/43/edit-details',
      patient: { id: '42', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(other[2]!.text).toBe('43');
  });
  it('names a past evaluation by its date, and leads its history crumb to the previous evaluations', () => {
    const crumbs = buildBreadcrumbs({
      ...base,
      pathname: '/patient-lookup/42/history/e7',
      search: '?type=hip',
      patient: {
        id: '42',
        firstName: 'Ada',
        lastName: 'Lovelace',
        evaluation: { id: 'e7', label: '03-Mar-2026 14:05' },
      },
    });
    expect(crumbs.slice(2)).toEqual([
      { text: 'Ada Lovelace', href: '/patient-lookup/42?type=hip' },
      { text: 'Previous evaluations', href: '/patient-lookup/42/previous-risk-history?type=hip' },
      { text: '03-Mar-2026 14:05' },
    ]);
    const unloaded = buildBreadcrumbs({ ...base, pathname: '/patient-lookup/42/history/e8', patient: null });
    expect(unloaded.at(-1)).toEqual({ text: 'E8' });
  });
  it('names the optimisation page and a step’s factor, which has no page of its own, as text (decision 0071)', () => {
    const crumbs = buildBreadcrumbs({
      ...base,
      pathname: '/patient-lookup/42/optimisation/blood_pressure/record-as-met',
      search: '?type=knee',
      patient: { id: '42', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(crumbs.slice(2)).toEqual([
      { text: 'Ada Lovelace', href: '/patient-lookup/42?type=knee' },
      { text: 'Optimisation before surgery', href: '/patient-lookup/42/optimisation?type=knee' },
      { text: 'Blood pressure' },
      { text: 'Record as met' },
    ]);
    // A segment that names no factor is spelt out as any other, and is no link either.
    const unknown = buildBreadcrumbs({ ...base, pathname: '/patient-lookup/42/optimisation/spleen/refer' });
    expect(unknown[4]).toEqual({ text: 'Spleen' });
  });
  it('makes the only crumb a plain text on the root', () => {
    expect(buildBreadcrumbs({ ...base, pathname: '/' })).toEqual([{ text: base.trustName }]);
  });
});

describe('crumbs to pages the user may not open', () => {
  it('are text, not links to "access denied"', () => {
    // A waiting list admin on a patient's validation page may open neither the lookup nor the summary.
    const crumbs = buildBreadcrumbs({
      ...base,
      pathname: '/patient-lookup/p1/record-validation',
      search: '?type=knee',
      canOpen: (pathname) => !pathname.startsWith('/patient-lookup'),
    });
    expect(crumbs).toEqual([
      { text: base.trustName, href: '/admin-dashboard' },
      { text: 'Patient lookup' },
      { text: 'P1' },
      { text: 'Record validation' },
    ]);
  });
});
