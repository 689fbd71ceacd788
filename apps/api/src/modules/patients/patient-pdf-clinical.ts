/**
 * The risk summary PDF's page for the clinical team (patient-pdf.ts): the patient's details, the
 * result and its band, the factors, the model and the record it read.
 */
import { clericalChangeText } from '@esr/contracts/clerical-changes';
import { showCalendarDate, showLondonDate } from '@esr/contracts/london-dates';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import { riskLabels } from '@esr/contracts/open-pathways';
import {
  anomalyReasonText,
  patientMessages,
  surgicalRiskFactorNotKept,
  modelVersionText,
  type RiskResult,
} from '@esr/contracts/patients';
import {
  answerText,
  defaultsUsedIntro,
  bloodResultText,
  defaultUsedText,
  incompleteText,
  staleInputText,
  outsideModelRangeLead,
  outsideModelRangeText,
  factorValueText,
  importanceLabels,
  percentage,
} from '@esr/contracts/patient-wording';
import { questionOf, remodelTabs } from '@esr/contracts/remodel';
import { nhsColour as colour, useStyle } from '../../platform/pdf/pdf-text.js';
import { suspendedText } from '@esr/contracts/prediction-suspension';
import {
  type Element,
  type Summary,
  bandColours,
  clinical,
  cutForPaper,
  demonstrationLook,
  incompleteLook,
  masthead,
  showInstant,
} from './patient-pdf-layout.js';

export function clinicalPage(s: Summary) {
  const { flow, summary, result } = s;
  const team = flow.section();
  masthead(s, team, clinical.small);
  flow.heading(team, 'Risk summary', 'H1', clinical.h1);
  if (result?.model.demonstration)
    flow.callout(
      team,
      [{ text: demonstrationModelLabel, style: { ...clinical.body, bold: true, color: colour.red } }],
      demonstrationLook,
    );
  const aside = { ...clinical.body, color: colour.secondary };
  if ('isCurrent' in summary && !summary.isCurrent)
    flow.paragraph(
      team,
      'This is an earlier evaluation from the risk history, not the current result.',
      aside,
    );
  if (!summary.isActive) flow.paragraph(team, patientMessages.archived, aside);
  patientDetails(s, team);

  const outcome = flow.section(team);
  flow.heading(outcome, 'Result', 'H2', clinical.h2);
  if (result) {
    resultBand(s, outcome, result);
    contributingFactors(s, team, result);
    areasOfImprovement(s, team);
    modelDetails(s, team, result);
  } else notScored(s, outcome);
  if (s.inputs) modelInputs(s, team, s.inputs);
}

function patientDetails(s: Summary, team: Element) {
  const { flow, summary } = s;
  const details = flow.section(team);
  flow.heading(details, 'Patient details', 'H2', clinical.h2);
  flow.table(details, {
    header: null,
    rows: [
      ['Name', s.name],
      ['NHS number', s.nhsNumber],
      [
        'Local patient identifier',
        summary.medicalRecordNumber ? cutForPaper(summary.medicalRecordNumber) : 'Not recorded',
      ],
      ['Date of birth', summary.dateOfBirth ? showCalendarDate(summary.dateOfBirth) : 'Not recorded'],
      ['Operation type', s.procedureName],
      [
        'Consultant surgeon',
        'surgicalRiskFactorsShown' in summary && summary.surgicalRiskFactorsShown === 'not-kept'
          ? surgicalRiskFactorNotKept
          : summary.surgeonName
            ? cutForPaper(summary.surgeonName)
            : 'Not recorded',
      ],
    ],
    columns: [150, '*'],
    rowHeaders: true,
    size: clinical.body.size,
  });
}

/** The risk band as a coloured tag, the probabilities, and any warning about the record. */
function resultBand(s: Summary, outcome: Element, result: RiskResult) {
  const { flow } = s;
  const { doc, area } = flow;
  // Incomplete (decision 0057): a grey tag, and no probability, which was made with default values.
  const label = result.prediction === null ? 'Incomplete' : riskLabels[result.prediction];
  const look = result.prediction === null ? incompleteLook : bandColours[result.prediction];
  useStyle(doc, { size: 13, bold: true });
  const tagWidth = doc.widthOfString(label) + 20;
  const tagHeight = doc.currentLineHeight(true) + 8;
  flow.room(tagHeight + 40);
  const at = flow.y;
  flow.artifact(() => doc.roundedRect(area.left, at, tagWidth, tagHeight, 3).fill(look.background));
  flow.tag(outcome, 'P', () => {
    useStyle(doc, { size: 13, bold: true, color: look.text });
    doc.text(label, area.left + 10, at + 4, { lineBreak: false });
  });
  flow.y = at + tagHeight + 8;
  if (result.prediction === null)
    flow.paragraph(
      outcome,
      `${incompleteText(result.missingRequiredInputs)}: no risk is given.`,
      clinical.body,
    );
  else
    flow.labelledLine(
      outcome,
      'Probability of a complication within 90 days',
      percentage(result.probability),
      clinical.body,
      4,
    );
  if (result.averageProbability !== null)
    flow.labelledLine(
      outcome,
      `Average for ${s.procedureName} at this trust`,
      percentage(result.averageProbability),
      clinical.body,
      4,
    );
  // The clinician's view of the risk, labelled as theirs beside the model's (decision 0044).
  if (result.adjustment)
    flow.labelledLine(
      outcome,
      'Clinician’s view of the risk',
      `${riskLabels[result.adjustment.prediction]} (${result.adjustment.by}, ${showLondonDate(new Date(result.adjustment.on))}): ${result.adjustment.reason}`,
      clinical.body,
      4,
    );
  flow.y += 4;
  const warnings = [
    ...(result.isAnomaly ? [{ text: messages.anomalyBanner, style: { ...clinical.body, bold: true } }] : []),
    // The reason given with the flag (decision 0039).
    ...(result.isAnomaly && result.anomalyReason
      ? [{ text: anomalyReasonText(result.anomalyReason), style: clinical.body }]
      : []),
    // Details a clerical user changed, in bold until a clinician has reviewed them (decision 0056).
    ...s.summary.clericalChanges.map((change) => ({
      text: clericalChangeText(change),
      style: { ...clinical.body, bold: change.reviewedAt === null },
    })),
    ...(result.isDefaultValueUsed ? [{ text: messages.defaultValuesUsed, style: clinical.body }] : []),
    // Which inputs the model filled in, and with what (decision 0035).
    ...(result.isDefaultValueUsed && result.defaultsUsed.length
      ? [
          { text: defaultsUsedIntro, style: clinical.body },
          { items: result.defaultsUsed.map(defaultUsedText), style: clinical.body },
        ]
      : []),
    // Results too old to use (decision 0057).
    ...result.staleInputs.map((item) => ({ text: staleInputText(item), style: clinical.body })),
    // Values outside the data the model was developed on, as the summary names them.
    ...(result.outsideModelRange.length
      ? [
          { text: outsideModelRangeLead, style: clinical.body },
          { items: result.outsideModelRange.map(outsideModelRangeText), style: clinical.body },
        ]
      : []),
  ];
  if (warnings.length)
    flow.callout(outcome, warnings, { background: colour.warning, border: colour.warningBorder });
  // Every blood value with the day its sample was taken (decision 0057).
  if (result.bloodResults.length) {
    flow.paragraph(outcome, 'Blood results the model read:', clinical.body, { after: 2 });
    flow.list(
      outcome,
      result.bloodResults.map((item) => ({ text: bloodResultText(item) })),
      clinical.body,
    );
  }
}

function contributingFactors({ flow }: Summary, team: Element, result: RiskResult) {
  const factors = flow.section(team);
  flow.heading(factors, 'Contributing factors', 'H2', clinical.h2);
  if (result.featureImportance.length)
    flow.table(factors, {
      header: ['Factor', 'Importance', 'Value'],
      rows: result.featureImportance.map((factor) => [
        factor.displayName,
        importanceLabels[factor.importance],
        factorValueText(factor),
      ]),
      columns: ['*', 80, 170],
      size: clinical.body.size,
    });
  else flow.paragraph(factors, 'No factor had a high or moderate effect on this result.', clinical.body);
  if (result.featureImportance.some((factor) => factor.defaultUsed))
    flow.paragraph(
      factors,
      '(normalised value): the record had no value, so the model used its normalised default.',
      { ...clinical.small, color: colour.secondary },
    );
}

function areasOfImprovement({ flow, summary }: Summary, team: Element) {
  const improvement = flow.section(team);
  flow.heading(improvement, 'Areas of improvement', 'H2', clinical.h2);
  if (summary.areasOfImprovement.dos.length)
    flow.list(
      improvement,
      summary.areasOfImprovement.dos.map((advice) => ({ title: advice.title, text: advice.description })),
      clinical.body,
    );
  else
    flow.paragraph(
      improvement,
      'The model suggested no areas of improvement for this patient.',
      clinical.body,
    );
}

function modelDetails({ flow, generatedAt }: Summary, team: Element, result: RiskResult) {
  const model = flow.section(team);
  flow.heading(model, 'Model', 'H2', clinical.h2);
  flow.grid(
    model,
    [
      ['Model', result.model.name],
      ['Version', modelVersionText(result.model)],
      ['Evaluated', `${showInstant(result.evaluatedAt)} (UK time)`],
      ['Generated', `${showInstant(generatedAt)} (UK time)`],
    ],
    clinical.body,
    4,
  );
  if (result.model.demonstration)
    flow.paragraph(
      model,
      demonstrationModelLabel,
      { ...clinical.body, bold: true, color: colour.red },
      { after: 3 },
    );
}

/** No result: why not, and for a failed record what to check. */
function notScored({ flow, summary, generatedAt }: Summary, outcome: Element) {
  const wording =
    summary.status === 'suspended' && summary.suspendedOn
      ? `${suspendedText(summary.suspendedOn)}. No risk band or probability is shown until they lift the suspension.`
      : summary.status === 'failed'
        ? 'The model could not score this record.'
        : summary.status === 'processing'
          ? 'This record is being scored now. Download the summary again in a few minutes.'
          : 'This record has not been scored yet, so there is no result to show.';
  flow.callout(outcome, [{ text: wording, style: { ...clinical.body, bold: true } }], {
    background: colour.pale,
    border: colour.blue,
  });
  if (summary.status === 'failed' && summary.failure) {
    flow.paragraph(outcome, `Reason: ${summary.failure.reason}`, clinical.body);
    if (summary.failure.fields.length)
      flow.paragraph(
        outcome,
        `Fields to check: ${summary.failure.fields.map((field) => questionOf(field)?.label ?? field).join('; ')}`,
        clinical.body,
      );
  }
  flow.paragraph(outcome, `Generated ${showInstant(generatedAt)} (UK time)`, {
    ...clinical.small,
    color: colour.secondary,
  });
}

/** The record the model read, tab by tab as the remodel form asks it. */
function modelInputs({ flow }: Summary, team: Element, inputs: NonNullable<Summary['inputs']>) {
  const used = flow.section(team);
  flow.heading(used, 'Details the model used', 'H2', clinical.h2);
  for (const remodelTab of remodelTabs) {
    const group = flow.section(used);
    flow.heading(group, remodelTab.title, 'H3', clinical.h3);
    flow.grid(
      group,
      remodelTab.questions.map((question) => [
        question.label,
        answerText(question, inputs, showCalendarDate),
      ]),
      clinical.small,
    );
  }
}

// ---- Last page: for the patient ------------------------------------------------------------------
