// How the OpenAPI document describes the prioritisation fields that the worklist and the pathway's
// page share; not part of prioritisation.ts's exports.

export const riskBandsText =
  'high, medium or low (the model’s band of a processed pathway), incomplete (scored, but a required input is missing: no band), excluded (outside the model’s population: not scored), not_processed (waiting to be scored, or could not be scored) or suspended (scored, while the clinical safety officer has suspended the predictions: every scored pathway is in it, decision 0063)';

export const flagsText =
  'priority_breached, validation_due, harm_review_due, clinician_review_due (a P1a, P1b or P2 pathway postponed at the patient’s request, until a clinician decides its priority), clerical_change_unreviewed (a prediction made from details a clerical user changed, until a clinician marks it reviewed) missing_inputs (the model was given a default for an input the record lacks) tci_passed (the date to come in for surgery has passed and the pathway is still on the list: the operation was cancelled, or done and not recorded) or optimisation_open (a risk factor to optimise before surgery is not yet met, declined or not possible)';

/** The words of a pathway's prioritisation fields, the same on the worklist and the pathway's page. */
export const pathwayText = {
  priority: 'The clinical priority, P1a to P6; null when the pathway has none',
  priorityDate: 'The day the priority took effect, YYYY-MM-DD: its breach is counted from it',
  clockStart:
    'The RTT clock start, YYYY-MM-DD (the referral date when the list gave none); null without either',
  daysWaited: 'Days since the clock start, in London calendar days; null without one',
  waitBand: 'The wait band: 0-18, 18-52, 52-65, 65-78, 78-104 or 104+ weeks; null without a clock start',
  flags: `The flags raised today: ${flagsText}`,
  lastValidatedOn:
    'The day of the last validation, YYYY-MM-DD (the list’s or one recorded here); null if never',
  nextValidationDue: 'The day the next validation is due, YYYY-MM-DD; null without a clock start',
  lastHarmReview: 'The last harm review recorded; null if none',
  today: 'The London day the waits and flags are counted to, YYYY-MM-DD',
} as const;
