/**
 * The patient's page of the risk summary PDF speaks to the patient (NHS content style: short
 * sentences, "you", no clinical terms). The model's advice is written for the clinical team
 * (referral routes, thresholds, national guidance), so the patient's page does not print it: each
 * piece of advice the demonstration and default models give has its own words for the patient
 * here, found by the advice's title. Advice with a title not here (an uploaded model's own) is
 * left to the care team to explain, and the page says so.
 */
export interface PatientAdvice {
  title: string;
  text: string;
}

// One topic for both weight advices: being heavier is never by itself a reason to wait longer.
const yourWeight: PatientAdvice = {
  title: 'Your weight',
  text: 'Your care team can tell you about help with healthy eating and being more active, or from a weight management service. Your weight alone is not a reason to put off your operation.',
};

const adviceForPatients: Record<string, PatientAdvice> = {
  'Support to stop smoking': {
    title: 'Stopping smoking',
    text: 'Stopping smoking helps your wound heal and protects your chest and heart. Stopping at least 4 weeks before your operation helps most, but stopping at any time helps. Your GP, a pharmacist or your local Stop Smoking Service can help you.',
  },
  'Support to lose weight': yourWeight,
  'Consider a specialist weight management referral': yourWeight,
  'Check for anaemia and treat it before surgery': {
    title: 'Your blood count',
    text: 'A blood test showed your blood count (haemoglobin) is low. This is called anaemia. Your care team may find out why and treat it, often with iron, before your operation.',
  },
  'Review nutrition': {
    title: 'Eating well',
    text: 'A blood test suggests you may not be getting all the nutrition you need. Your care team may check this and may ask a dietitian to help you.',
  },
  'Review diabetes control': {
    title: 'Your diabetes',
    text: 'Your care team may check your blood sugar with a blood test and agree a plan for your diabetes around your operation.',
  },
  'Review kidney function and medicines': {
    title: 'Your kidneys and medicines',
    text: 'A blood test suggests your kidneys are not working as well as they could. Your care team may check your medicines, including painkillers you buy yourself.',
  },
  'Find the cause of low sodium': {
    title: 'The salt level in your blood',
    text: 'A blood test showed a low level of salt (sodium) in your blood. Your care team may look for the cause, which is sometimes a medicine.',
  },
  'Check blood pressure control': {
    title: 'Your blood pressure',
    text: 'Your GP may check your blood pressure and treat it if it is high before your operation.',
  },
  'Optimise chest health': {
    title: 'Your breathing',
    text: 'Your care team may check your inhalers and how you use them, and may offer you a breathing and exercise course.',
  },
};

/**
 * The patient's words for the model's advice, each topic once, in the model's order; and whether
 * some advice had none (so that the page can say the care team will explain it).
 */
export function adviceForThePatient(advice: readonly { title: string }[]): {
  items: PatientAdvice[];
  othersLeftToTheTeam: boolean;
} {
  const items: PatientAdvice[] = [];
  let othersLeftToTheTeam = false;
  for (const { title } of advice) {
    const words = Object.hasOwn(adviceForPatients, title) ? adviceForPatients[title] : undefined;
    if (!words) othersLeftToTheTeam = true;
    else if (!items.some((item) => item.title === words.title)) items.push(words);
  }
  return { items, othersLeftToTheTeam };
}
