/**
 * The risk summary PDF's last page, for the patient, in plain English (NHS content style: short
 * sentences, "you"): what the result means and what to do before the operation.
 */
import { demonstrationModelLabel } from '@esr/contracts/messages';
import { type Prediction } from '@esr/contracts/open-pathways';
import { nhsColour as colour } from '../../platform/pdf/pdf-text.js';
import { adviceForThePatient } from './patient-advice.js';
import {
  type Element,
  type Summary,
  bandMeaning,
  demonstrationLook,
  generalAdvice,
  inSentence,
  masthead,
  patient,
} from './patient-pdf-layout.js';

export function patientPage(s: Summary) {
  const { flow, result } = s;
  const you = flow.section();
  masthead(s, you, { size: 10 });
  flow.heading(you, 'About your result', 'H1', patient.h1);
  for (const [label, value] of [
    ['Name', s.name],
    ['NHS number', s.nhsNumber],
    ['Operation', s.procedureName],
  ] as const) {
    const at = { x: flow.area.left, y: flow.y, width: flow.area.width };
    flow.y += flow.labelled(you, label, value, patient.body, at) + 2;
  }
  flow.y += 4;
  if (result?.model.demonstration)
    flow.callout(
      you,
      [
        { text: demonstrationModelLabel, style: { ...patient.body, bold: true, color: colour.red } },
        {
          text: 'This result was made by a demonstration model. It was built with made-up (synthetic) data to show how the service works. It must not be used to make decisions about your care.',
          style: patient.body,
        },
      ],
      demonstrationLook,
    );
  whatItMeans(s, you);
  beforeTheOperation(s, you);
  const contact = flow.section(you);
  flow.heading(contact, 'Who to contact', 'H2', patient.h2);
  flow.paragraph(
    contact,
    `If you have questions about this result, contact your hospital team at ${s.trustName}. Their details are on your appointment letter.`,
    patient.body,
    { after: 7 },
  );
  flow.paragraph(
    contact,
    'If you feel unwell and need help now, call 111. In an emergency, call 999.',
    patient.body,
  );
}

/** A band inside a sentence, in plain words. */
const bandWords: Record<Prediction, string> = { high: 'high', medium: 'moderate', low: 'low' };
const bandWord = (prediction: Prediction) => bandWords[prediction];

/** The chance as people count it: "about 16 in 100". */
function inAHundred(probability: number): string[] {
  const inHundred = Math.round(probability * 100);
  return inHundred < 1
    ? ['Out of 100 people with a result like yours, fewer than 1 may have a complication.']
    : [
        `Out of 100 people with a result like yours, about ${inHundred} may have a complication. About ${100 - inHundred} may not.`,
      ];
}

function whatItMeans({ flow, summary, result, procedureName }: Summary, you: Element) {
  const meaning = flow.section(you);
  flow.heading(meaning, 'What your result means', 'H2', patient.h2);
  const paragraphs: string[] = [];
  const prediction = result?.prediction ?? null;
  if (result && prediction === null) {
    paragraphs.push(
      'We cannot give you a result yet, because some information the estimate needs is missing from your record.',
      'Your hospital team will check your record, and you will get a result once it is complete.',
    );
  } else if (result && prediction !== null) {
    paragraphs.push(
      `This result estimates the chance of you having a complication in the 90 days after your ${inSentence(procedureName)} operation.`,
      `A computer tool worked out your chance from your health records. Its estimate is ${bandWord(prediction)}. ${bandMeaning[prediction]}`,
      ...inAHundred(result.probability),
    );
    // The clinician's view, as the risk summary gives it beside the tool's (decision 0044).
    const view = result.adjustment;
    if (view)
      paragraphs.push(
        view.prediction === prediction
          ? `Your care team have looked at this estimate with everything else they know about you. They agree that your chance is ${bandWord(view.prediction)}.`
          : `Your care team have looked at this estimate with everything else they know about you. They think your chance is ${bandWord(view.prediction)}, not ${bandWord(prediction)}. ${bandMeaning[view.prediction]} They will tell you why.`,
      );
    paragraphs.push(
      'This is an estimate, not a certainty. It cannot tell you what will happen to you. Your care team will talk it through with you: ask them about anything you are not sure about.',
    );
  } else
    paragraphs.push(
      summary.status === 'suspended'
        ? 'Your hospital is checking the tool that works out this result, so it is not shown for now. Your care team will talk with you about your operation.'
        : summary.status === 'failed'
          ? 'We could not work out your result from the information we have. Your hospital team will check your records.'
          : 'Your result is not ready yet. Your hospital team will tell you about it when it is.',
    );
  // Off the list (operated on, or removed): what to do before the operation no longer applies.
  if (!summary.isActive)
    paragraphs.push(
      'You are no longer on the waiting list for this operation. This result was worked out while you were waiting.',
    );
  for (const text of paragraphs) flow.paragraph(meaning, text, patient.body, { after: 6 });
}

/** What the patient can do while waiting: the model's advice in the patient's words, or general advice. */
function beforeTheOperation({ flow, summary, result }: Summary, you: Element) {
  if (!summary.isActive) return;
  const before = flow.section(you);
  flow.heading(before, 'What you can do before your operation', 'H2', patient.h2);
  const { items, othersLeftToTheTeam } = adviceForThePatient(result ? summary.areasOfImprovement.dos : []);
  const [intro, listed] = items.length
    ? ['Your care team may talk to you about these things:', items]
    : ['There are things you can do to help your recovery:', generalAdvice.map((text) => ({ text }))];
  flow.paragraph(before, intro, patient.body, { after: 6 });
  flow.list(before, listed, patient.body);
  if (othersLeftToTheTeam)
    flow.paragraph(
      before,
      'Your care team may also talk to you about other things that could help.',
      patient.body,
    );
}

// ---- On every page: a header where the masthead is not; who the page is about, and "Page N of M" --
