/**
 * Risk out (decision 0047, docs/integration.md "Risk out"): an evaluation as a FHIR R4
 * RiskAssessment (https://hl7.org/fhir/R4/riskassessment.html), the searchset Bundle a search
 * answers and the OperationOutcome an error answers. Pure: the routes read, authorise and log; these
 * only say it in FHIR.
 *
 * The resource says what the risk summary says, in the same words (packages/contracts): the model's
 * probability and band, the model and version that made it, the inputs it read with the ones it
 * filled in because the record had none, the demonstration label, the recalibration note, an anomaly
 * flag and the clinician's view beside the model's, never in its place (decision 0044). It names the
 * patient only by identifier: the names and dates of birth the trust's lists give the product stay
 * on its screens for the trust's staff; the source here does not carry them (docs/integration.md
 * "What it says of the patient").
 */
import {
  anomalyReasonText,
  modelVersionText,
  recalibratedModelNote,
  type RiskResult,
} from '@esr/contracts/patients';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import { outcomeFieldLabels } from '@esr/contracts/outcomes';
import {
  defaultUsedText,
  defaultsUsedIntro,
  incompleteText,
  staleInputText,
  outsideModelRangeLead,
  outsideModelRangeText,
  factorValueText,
  percentage,
} from '@esr/contracts/patient-wording';
import { factorLabel, labFieldOf } from '@esr/contracts/remodel';
import { showLondonDateTime } from '@esr/contracts/london-dates';
import {
  dataAbsentReasonSystem,
  identifierTypeSystem,
  nhsNumberSystem,
  odsOrganisationSystem,
  productUris as uris,
  riskProbabilitySystem,
  ucumSystem,
} from './fhir-uris.js';
import { codesSent, loincSystem, snomedSystem } from '../messages/lab-codes.js';
import { markdownBlock, markdownText, narrativeDiv, type TextBlock } from './narrative.js';
import type {
  FhirAnnotation,
  FhirBundle,
  FhirBundleEntry,
  FhirCodeableConcept,
  FhirCoding,
  FhirExtension,
  FhirIssueSeverity,
  FhirObservation,
  FhirOperationOutcome,
  FhirQuantity,
  FhirReference,
  FhirResource,
  FhirRiskAssessment,
} from './types.js';

/**
 * What the model predicts, as the outcomes it is judged against name it (the outcomes file's column)
 * with the model card's time frame (modules/models/model-card.ts).
 */
export const predictedOutcomeText = `${outcomeFieldLabels.complication90Days} of the operation`;

export interface RiskAssessmentSource {
  /** The evaluation as the risk summary shows it; its `adjustment` only on the pathway's current one. */
  result: RiskResult;
  pathwayId: string;
  nhsNumber: string | null;
  localIdentifier: string | null;
  /** The trust's ODS code, e.g. RAN. */
  trustCode: string;
  /** The procedure the pathway is for, e.g. `{ code: 'knee', name: 'Knee replacement' }`. */
  procedure: { code: string; name: string };
  /** What the model predicts; `predictedOutcomeText` when left out. */
  outcomeText?: string;
  /**
   * `final` when left out, and it should be: an evaluation is never changed once made. A clinician's
   * view is recorded beside it and can be withdrawn, and a remodel is a new evaluation, so neither
   * amends it (docs/integration.md). `amended` is for a correction of a stored evaluation, which the
   * product does not make today.
   */
  status?: 'final' | 'amended';
  /**
   * When what this resource says last changed, if the caller knows better than the later of the
   * evaluation and the clinician's view (e.g. the time a view was withdrawn).
   */
  lastUpdated?: string;
}

/**
 * The evaluation as a RiskAssessment. It names no address of the installation: its systems and
 * extensions are the product's canonical ones (decision 0070), whatever address it is served at.
 */
export function riskAssessmentResource(source: RiskAssessmentSource): FhirRiskAssessment {
  const { result, procedure } = source;
  const outcomeText = source.outcomeText ?? predictedOutcomeText;
  const modelText = `${result.model.name}, version ${modelVersionText(result.model)}`;
  const inputs = result.contributions.map((contribution, i) =>
    inputObservation(contribution, `input-${i + 1}`),
  );
  const blocks = noteBlocks(result);
  const adjustment = result.adjustment;
  const evaluatedAt = instant(result.evaluatedAt);
  const lastUpdated =
    source.lastUpdated !== undefined
      ? instant(source.lastUpdated)
      : adjustment && Date.parse(adjustment.on) > Date.parse(evaluatedAt)
        ? instant(adjustment.on)
        : evaluatedAt;
  const assessment: FhirRiskAssessment = {
    resourceType: 'RiskAssessment',
    id: result.evaluationId,
    meta: { lastUpdated },
    text: {
      // `extensions`: the narrative shows the clinician's view, which only an extension holds.
      status: adjustment ? 'extensions' : 'generated',
      div: narrativeDiv(narrativeBlocks(source, outcomeText, modelText, blocks)),
    },
    ...(inputs.length > 0 ? { contained: inputs } : {}),
    ...(adjustment ? { extension: [adjustmentExtension(adjustment)] } : {}),
    identifier: [{ system: uris.evaluationIdentifier, value: result.evaluationId }],
    status: source.status ?? 'final',
    method: {
      coding: [
        {
          system: uris.riskModelVersion,
          code: `${source.trustCode}/${procedure.code}/${result.model.uploadVersion}`,
          display: modelText,
        },
      ],
      // The label travels with the model's name, for a system that shows the method but not the notes.
      text: result.model.demonstration ? `${modelText}. ${demonstrationModelLabel}` : modelText,
    },
    code: { text: `Risk of a complication after elective ${procedure.name.toLowerCase()}` },
    subject: subjectOf(source),
    occurrenceDateTime: evaluatedAt,
    ...(inputs.length > 0 ? { basis: inputs.map((input) => ({ reference: `#${input.id}` })) } : {}),
    prediction: [
      result.prediction === null
        ? // Incomplete (decision 0057): no band and no probability, which was made with default
          // values in place of a required input; the rationale says why.
          {
            outcome: { text: outcomeText },
            rationale: `${incompleteText(result.missingRequiredInputs)}: no risk is given until it is recorded and the record scored again.`,
          }
        : {
            outcome: { text: outcomeText },
            // R4's comment on probability[x] calls a decimal a percentage while its own examples write
            // a fraction; the fraction is what this product and most receivers use, and the rationale
            // and the narrative say it as a percentage so that neither reading can mislead.
            probabilityDecimal: result.probability,
            qualitativeRisk: riskConcept(result.prediction),
            rationale: `Probability ${percentage(result.probability)} (${result.probability} as a fraction of 1): ${riskLabels[result.prediction].toLowerCase()} by the model’s thresholds.`,
          },
    ],
    ...(blocks.length > 0
      ? { note: blocks.map((block): FhirAnnotation => ({ text: markdownBlock(block) })) }
      : {}),
  };
  return assessment;
}

/** https://hl7.org/fhir/R4/codesystem-risk-probability.html: the model's bands are its low, moderate and high. */
const riskCodings: Record<Prediction, FhirCoding> = {
  high: { system: riskProbabilitySystem, code: 'high', display: 'High likelihood' },
  medium: { system: riskProbabilitySystem, code: 'moderate', display: 'Moderate likelihood' },
  low: { system: riskProbabilitySystem, code: 'low', display: 'Low likelihood' },
};

const riskConcept = (prediction: Prediction): FhirCodeableConcept => ({
  coding: [riskCodings[prediction]],
  text: riskLabels[prediction],
});

/**
 * By NHS number when there is one (the search's key); otherwise by the trust's local identifier,
 * in a system of that trust's own since hospital numbers repeat between trusts; otherwise (imports
 * refuse such a record, so only for old data) by the pathway.
 */
function subjectOf(source: RiskAssessmentSource): FhirReference {
  const nhsNumber = source.nhsNumber?.replace(/[\s-]/g, '');
  if (nhsNumber) return { type: 'Patient', identifier: { system: nhsNumberSystem, value: nhsNumber } };
  const local = source.localIdentifier?.trim();
  if (local)
    return {
      type: 'Patient',
      identifier: {
        type: { coding: [{ system: identifierTypeSystem, code: 'MR', display: 'Medical record number' }] },
        system: uris.localPatientIdentifier(source.trustCode),
        value: local,
        assigner: {
          type: 'Organization',
          identifier: { system: odsOrganisationSystem, value: source.trustCode },
        },
      },
    };
  return { type: 'Patient', identifier: { system: uris.pathwayIdentifier, value: source.pathwayId } };
}

/** UCUM codes of the units the models use (docs/model-artifacts.md); any other unit is sent as text only. */
const ucumCodes: Record<string, string> = {
  years: 'a',
  'kg/m²': 'kg/m2',
  kg: 'kg',
  cm: 'cm',
  'g/L': 'g/L',
  'mg/L': 'mg/L',
  'mmol/L': 'mmol/L',
  'µmol/L': 'umol/L',
  'μmol/L': 'umol/L',
  '10⁹/L': '10*9/L',
  'mL/min/1.73m²': 'mL/min/{1.73_m2}',
};

type Contribution = RiskResult['contributions'][number];

/** The product's rule for a yes/no input, as the screens apply it (`factorValueText`): no unit, 0 or 1. */
const isYesNo = (unit: string, value: number) => unit === '' && (value === 0 || value === 1);

function valueOf(unit: string, value: number): Pick<FhirObservation, 'valueBoolean' | 'valueQuantity'> {
  if (isYesNo(unit, value)) return { valueBoolean: value === 1 };
  const quantity: FhirQuantity = { value };
  if (unit !== '') {
    quantity.unit = unit;
    const code = ucumCodes[unit];
    if (code) Object.assign(quantity, { system: ucumSystem, code });
  }
  return { valueQuantity: quantity };
}

/**
 * The input's codes: for a blood result, its SNOMED CT and LOINC codes where the table the results
 * feed reads has them (lab-codes.ts), given only with the unit they were chosen for; then always the
 * product's own, the model's machine name, which is what every model's input has.
 */
function inputCodings(input: Contribution): FhirCoding[] {
  const own: FhirCoding = { system: uris.riskModelInput, code: input.feature, display: input.displayName };
  const lab = labFieldOf(input.feature);
  if (!lab) return [own];
  const sent = codesSent(lab);
  if (ucumCodes[input.unit] !== sent.unit) return [own];
  const standard = (system: string, term: { code: string; term: string } | null): FhirCoding[] =>
    term ? [{ system, code: term.code, display: term.term }] : [];
  return [...standard(snomedSystem, sent.snomed), ...standard(loincSystem, sent.loinc), own];
}

/**
 * An input the model read. A value the record lacked is not written as the patient's (a receiver
 * could file it as a result): the Observation says it is not known, and the number the model used in
 * its place is an extension and a note, as the risk summary shows it.
 */
function inputObservation(input: Contribution, id: string): FhirObservation & { id: string } {
  const extension: FhirExtension[] = [{ url: uris.riskModelContribution, valueDecimal: input.contribution }];
  const observation: FhirObservation & { id: string } = {
    resourceType: 'Observation',
    id,
    extension,
    status: 'final',
    code: {
      coding: inputCodings(input),
      text: factorLabel(input.feature, input.displayName),
    },
  };
  if (input.value !== null && !input.defaultUsed)
    return { ...observation, ...valueOf(input.unit, input.value) };
  if (input.defaultUsed && input.value !== null) {
    const used = valueOf(input.unit, input.value);
    extension.push({
      url: uris.riskModelDefaultValue,
      ...(used.valueBoolean !== undefined
        ? { valueBoolean: used.valueBoolean }
        : { valueQuantity: used.valueQuantity! }),
    });
  }
  const said = input.defaultUsed
    ? input.value === null
      ? 'Not recorded, and the model has no value for it when missing.'
      : `Not recorded: the model used ${factorValueText({ value: input.value, unit: input.unit, defaultUsed: false })} because the record has none.`
    : 'The value the model was given was not kept with this evaluation.';
  return {
    ...observation,
    dataAbsentReason: {
      coding: [{ system: dataAbsentReasonSystem, code: 'unknown', display: 'Unknown' }],
      text: input.defaultUsed ? 'Not recorded' : 'Not kept with this evaluation',
    },
    note: [{ text: markdownText(said) }],
  };
}

/** The clinician's view of the risk (decision 0044), defined in docs/integration.md. */
function adjustmentExtension(adjustment: NonNullable<RiskResult['adjustment']>): FhirExtension {
  const reason = adjustment.reason.trim();
  return {
    url: uris.clinicianRiskAdjustment,
    extension: [
      { url: 'qualitativeRisk', valueCodeableConcept: riskConcept(adjustment.prediction) },
      ...(reason ? [{ url: 'reason', valueString: reason }] : []),
      ...(adjustment.by.trim() ? [{ url: 'recordedBy', valueString: adjustment.by.trim() }] : []),
      { url: 'recorded', valueDateTime: instant(adjustment.on) },
    ],
  };
}

/** What the risk summary says beside the prediction, in its words and its order of importance. */
function noteBlocks(result: RiskResult): TextBlock[] {
  const blocks: TextBlock[] = [];
  if (result.model.demonstration) blocks.push({ paragraph: demonstrationModelLabel, strong: true });
  if (result.isAnomaly)
    blocks.push({
      paragraph: `${messages.anomalyBanner}.${result.anomalyReason?.trim() ? ` ${anomalyReasonText(result.anomalyReason.trim())}` : ''}`,
    });
  if (result.isDefaultValueUsed)
    blocks.push({
      paragraph: `${messages.defaultValuesUsed}${result.defaultsUsed.length > 0 ? ` ${defaultsUsedIntro}` : ''}`,
      items: result.defaultsUsed.map(defaultUsedText),
    });
  if (result.staleInputs.length > 0)
    blocks.push({
      paragraph: 'Blood results not used, too old:',
      items: result.staleInputs.map(staleInputText),
    });
  if (result.outsideModelRange.length > 0)
    blocks.push({
      paragraph: outsideModelRangeLead,
      items: result.outsideModelRange.map(outsideModelRangeText),
    });
  if (result.model.recalibrated) blocks.push({ paragraph: recalibratedModelNote });
  return blocks;
}

function narrativeBlocks(
  source: RiskAssessmentSource,
  outcomeText: string,
  modelText: string,
  notes: TextBlock[],
): TextBlock[] {
  const { result } = source;
  const adjustment = result.adjustment;
  // The label leads, as on the risk summary's card; the other notes follow the prediction.
  const leading = result.model.demonstration ? notes.slice(0, 1) : [];
  const others = notes.slice(leading.length);
  return [
    ...leading,
    {
      paragraph:
        result.prediction === null
          ? `${outcomeText}: ${incompleteText(result.missingRequiredInputs)}; no risk is given.`
          : `${outcomeText}: ${riskLabels[result.prediction]}, probability ${percentage(result.probability)} (the model’s prediction).`,
    },
    ...(adjustment
      ? [
          {
            paragraph: `Clinician’s view: ${riskLabels[adjustment.prediction]}, recorded ${londonTime(adjustment.on)}${adjustment.by.trim() ? ` by ${adjustment.by.trim()}` : ''}${adjustment.reason.trim() ? `. Reason: ${adjustment.reason.trim()}` : ''}.`,
          },
        ]
      : []),
    { paragraph: `Model: ${modelText}. Evaluated ${londonTime(result.evaluatedAt)}.` },
    ...others,
  ];
}

const londonTime = (iso: string) => `${showLondonDateTime(new Date(iso), 'minute')} (UK time)`;

/** An ISO time as a FHIR instant; a time that is not one is a bug upstream, not something to send. */
function instant(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) throw new RangeError(`Not a time: ${iso}`);
  return time.toISOString();
}

/**
 * A search's answer (https://hl7.org/fhir/R4/http.html#search): each resource with its full URL,
 * an OperationOutcome as the search's own message. `selfUrl` is the absolute URL searched, the
 * type's URL before its query; `total` the number of matches, those given when left out.
 */
export function searchsetBundle(resources: FhirResource[], selfUrl: string, total?: number): FhirBundle {
  const searched = new URL(selfUrl);
  const base = `${searched.origin}${searched.pathname.replace(/\/[^/]*$/, '')}`;
  const entries = resources.map((resource): FhirBundleEntry => {
    const id = 'id' in resource ? resource.id : undefined;
    return {
      ...(id ? { fullUrl: `${base}/${resource.resourceType}/${id}` } : {}),
      resource,
      search: { mode: resource.resourceType === 'OperationOutcome' ? 'outcome' : 'match' },
    };
  });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: total ?? resources.filter((resource) => resource.resourceType !== 'OperationOutcome').length,
    link: [{ relation: 'self', url: selfUrl }],
    ...(entries.length > 0 ? { entry: entries } : {}),
  };
}

/**
 * An error's (or a result's) answer (https://hl7.org/fhir/R4/operationoutcome.html). It needs an
 * issue: with none, it says all is well, as the specification's own "All OK" outcome does.
 */
export function operationOutcome(
  issues: Array<{
    severity: FhirIssueSeverity;
    /** An issue-type code (`FhirIssueType`): the tests' validator refuses any other. */
    code: string;
    diagnostics: string;
    expression?: string[];
  }>,
): FhirOperationOutcome {
  if (issues.length === 0)
    return {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'information', code: 'informational', diagnostics: 'All OK' }],
    };
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map(({ severity, code, diagnostics, expression }) => ({
      severity,
      code,
      diagnostics,
      ...(expression && expression.length > 0 ? { expression } : {}),
    })),
  };
}
