import { describe, expect, it } from 'vitest';
import { buildPath, paths } from './paths';

describe('buildPath', () => {
  it('fills in and encodes the parameters, then adds the query string', () => {
    expect(buildPath('/a')).toBe('/a');
    expect(buildPath('/a/:x/b/:y', { x: 'R N/1', y: 'é?' })).toBe('/a/R%20N%2F1/b/%C3%A9%3F');
    expect(buildPath('/a/:x', { x: '1' }, 'p=2&q=a%20b')).toBe('/a/1?p=2&q=a%20b');
    expect(buildPath('/a/:x', { x: '1' }, '')).toBe('/a/1');
    expect(buildPath('/a', {}, { type: 'knee hip', none: undefined, b: '' })).toBe('/a?type=knee%20hip&b=');
    expect(buildPath('/a', {}, { none: undefined })).toBe('/a');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/a/:x', {} as { x: string })).toThrow('/a/:x: no value for :x');
  });
});

// The URLs as they were written out before the screen table (docs/requirements.md §2).
describe('paths', () => {
  it.each([
    [paths.home(), '/'],
    [paths.homeAlias(), '/home'],
    [paths.privacy(), '/privacy'],
    [paths.accessibility(), '/accessibility'],
    [paths.unauthorized(), '/unauthorized'],
    [paths.authCallback(), '/auth/callback'],
    [paths.uploadModel(), '/upload-model'],
    [paths.adminDashboard(), '/admin-dashboard'],
    [paths.trustAdminDashboard(), '/trust-admin-dashboard'],
    [paths.manageActiveTrusts(), '/manage-active-trusts'],
    [paths.addNewTrust(), '/manage-active-trusts/add-new-trust'],
    [paths.trustDetails('R A/N'), '/manage-active-trusts/R%20A%2FN'],
    [paths.editTrustDetails('RAN'), '/manage-active-trusts/RAN/edit-trust-details'],
    [paths.trustUsers('RAN'), '/manage-active-trusts/RAN/users'],
    [paths.trustUserDetails('RAN', 'a b'), '/manage-active-trusts/RAN/users/a%20b'],
    [paths.trustAddNewUser('RAN'), '/manage-active-trusts/RAN/users/add-new-user'],
    [paths.trustEditUserDetails('R&N', 'u/1'), '/manage-active-trusts/R%26N/users/u%2F1/edit-user-details'],
    [paths.changeLog(), '/change-log'],
    [paths.accessLog(), '/access-log'],
    [paths.manageActiveUsers(), '/manage-active-users'],
    [paths.userDetails('u?1'), '/manage-active-users/u%3F1'],
    [paths.addNewUser(), '/manage-active-users/add-new-user'],
    [paths.editUserDetails('u1'), '/manage-active-users/u1/edit-user-details'],
    [paths.dashboard(), '/dashboard'],
    [paths.uploadPatientList(), '/upload-patient-list'],
    [paths.uploadPatientListType('knee-hip'), '/upload-patient-list/knee-hip'],
    [paths.uploadPatientListFiles('knee'), '/upload-patient-list/knee/upload'],
    [paths.uploadPatientListFiles('knee', ''), '/upload-patient-list/knee/upload'],
    [paths.uploadPatientListFiles('hip', 'b 1&2'), '/upload-patient-list/hip/upload?batchId=b%201%262'],
    [paths.uploadPatientListComplete('hip'), '/upload-patient-list/hip/upload/complete'],
    [paths.manageOpenPathways(), '/manage-open-pathways'],
    [paths.manageOpenPathwaysType('knee'), '/manage-open-pathways/knee'],
    [paths.totalRecords('knee'), '/manage-open-pathways/knee/total'],
    [paths.totalRecords('knee', 'page=2&risk=high'), '/manage-open-pathways/knee/total?page=2&risk=high'],
    [paths.generateReport('hip'), '/manage-open-pathways/hip/total/generate-report'],
    [paths.generateReport('hip', 'risk=low'), '/manage-open-pathways/hip/total/generate-report?risk=low'],
    [paths.failedRecords('knee-hip'), '/manage-open-pathways/knee-hip/failed-records'],
    [paths.processedRecords('knee'), '/manage-open-pathways/knee/processed'],
    [paths.dataUploadHistory(), '/data-upload-history/'],
    [paths.archivedHistory(), '/data-upload-history/archived'],
    [paths.errorHistory(), '/data-upload-history/error'],
    [paths.patientLookup(), '/patient-lookup'],
    [paths.patientSummary('12', 'knee'), '/patient-lookup/12?type=knee'],
    [paths.patientSummary('1 2', ''), '/patient-lookup/1%202?type='],
    [paths.patientEditDetails('12', 'knee hip'), '/patient-lookup/12/edit-details?type=knee%20hip'],
    [paths.patientRemodel('12', 'hip'), '/patient-lookup/12/remodel-details?type=hip'],
    [paths.previousRiskHistory('12', 'hip'), '/patient-lookup/12/previous-risk-history?type=hip'],
    [paths.historyDetail('12', 'h/3', 'knee'), '/patient-lookup/12/history/h%2F3?type=knee'],
    [paths.prioritisationChangePriority('12', 'hip'), '/patient-lookup/12/change-priority?type=hip'],
    [paths.prioritisationRecordHarmReview('12', 'knee'), '/patient-lookup/12/record-harm-review?type=knee'],
    [paths.prioritisationAdjustRisk('1 2', 'hip'), '/patient-lookup/1%202/adjust-risk?type=hip'],
    [paths.prioritisationRecordValidation('12', 'knee'), '/patient-lookup/12/record-validation?type=knee'],
    [paths.patientOptimisation('12', 'knee'), '/patient-lookup/12/optimisation?type=knee'],
    [
      paths.optimisationRefer('12', 'anaemia', 'knee'),
      '/patient-lookup/12/optimisation/anaemia/refer?type=knee',
    ],
    [
      paths.optimisationProgress('12', 'smoking', 'hip'),
      '/patient-lookup/12/optimisation/smoking/record-progress?type=hip',
    ],
    [
      paths.optimisationMet('12', 'kidney', 'knee'),
      '/patient-lookup/12/optimisation/kidney/record-as-met?type=knee',
    ],
    [
      paths.optimisationDeclined('12', 'weight', 'knee'),
      '/patient-lookup/12/optimisation/weight/record-as-declined?type=knee',
    ],
    [
      paths.optimisationNotPossible('1 2', 'blood_pressure', 'knee'),
      '/patient-lookup/1%202/optimisation/blood_pressure/record-as-not-possible?type=knee',
    ],
    [paths.prioritisation(), '/prioritisation'],
    [paths.prioritisationWorklist('knee'), '/prioritisation/knee'],
    [paths.prioritisationWorklist('hip', 'risk=high&page=2'), '/prioritisation/hip?risk=high&page=2'],
    [paths.prioritisationEquity('knee-hip'), '/prioritisation/knee-hip/equity'],
    [paths.prioritisationEquity('knee', 'ageBand'), '/prioritisation/knee/equity?by=ageBand'],
    [paths.prioritisationSettings(), '/prioritisation-settings'],
    [paths.modelPerformance(), '/model-performance'],
    [paths.modelPerformance('procedure=hip&by=ageBand'), '/model-performance?procedure=hip&by=ageBand'],
    [paths.modelPerformanceSettings(), '/model-performance/settings'],
    [paths.scoringSettings(), '/scoring-settings'],
    [paths.waitingListFreshness(), '/waiting-list-uploads'],
    [paths.resultsFeedFreshness(), '/results-feed'],
  ])('%s', (built, expected) => {
    expect(built).toBe(expected);
  });
});
