import type { ColumnSpec } from './headers-waiting-list.js';
import { identifierColumns } from './headers-waiting-list.js';
import { outcomeFieldLabels } from './messages.js';

/**
 * The outcomes file's columns (docs/import-format.md "Outcomes file"), in the template's order: what
 * happened after each operation, one row per operation, the same columns for every procedure.
 */
export const outcomesColumns: ColumnSpec[] = [
  ...identifierColumns,
  {
    key: 'dateOfOperation',
    header: 'Date of Operation',
    label: outcomeFieldLabels.dateOfOperation,
    aliases: [
      'Date of Operation',
      'Operation Date',
      'Date of Surgery',
      'Surgery Date',
      'Procedure Date',
      'Admission Date (Operation)',
      'OPDATE',
      'Date Operated',
      'Operated On',
      'Theatre Date',
      'Date of Procedure',
    ],
  },
  {
    key: 'complication90Days',
    header: 'Complication within 90 days',
    label: outcomeFieldLabels.complication90Days,
    aliases: [
      'Complication within 90 days',
      'Complication',
      'Complication (90 days)',
      'Any Complication',
      'Post-op Complication',
      'Postoperative Complication',
      'Adverse Event',
      '90 Day Complication',
    ],
  },
  {
    key: 'complicationType',
    header: 'Complication Type',
    label: outcomeFieldLabels.complicationType,
    aliases: [
      'Complication Type',
      'Type of Complication',
      'Complication Details',
      'Complication Description',
      'Complication Detail',
      'Adverse Event Type',
      'Adverse Event Details',
    ],
  },
  {
    key: 'readmission30Days',
    header: 'Readmission within 30 days',
    label: outcomeFieldLabels.readmission30Days,
    aliases: [
      'Readmission within 30 days',
      'Readmission',
      'Readmission (30 days)',
      'Readmitted',
      'Readmitted within 30 days',
      'Readmitted 30 Days',
      '30 Day Readmission',
      'Emergency Readmission',
    ],
  },
  {
    key: 'lengthOfStayDays',
    header: 'Length of Stay (days)',
    label: outcomeFieldLabels.lengthOfStayDays,
    aliases: [
      'Length of Stay (days)',
      'Length of Stay',
      'LOS',
      'LOS Days',
      'Spell LOS',
      'Inpatient Days',
      'Bed Days',
    ],
  },
  {
    key: 'death90Days',
    header: 'Death within 90 days',
    label: outcomeFieldLabels.death90Days,
    aliases: [
      'Death within 90 days',
      'Death',
      'Death (90 days)',
      'Died',
      'Died within 90 days',
      'Died 90 Days',
      '90 Day Mortality',
      'Mortality (90 days)',
      'Deceased',
    ],
  },
];
