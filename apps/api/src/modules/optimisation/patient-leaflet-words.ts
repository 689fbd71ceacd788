/**
 * The words of "Before your operation: what you can do", the page a clinician gives the patient
 * (docs/optimisation.md): NHS content style for patients (short sentences, "you", everyday words,
 * a clinical term only after what it means), at a reading age of 9 to 11, which
 * patient-leaflet-words.test.ts checks with the Flesch–Kincaid grade. The clinical team's words for
 * the same factors (`factorDefinitions`) are for the GP letter and the screens, never this page.
 */
import type { OptimisationFactor } from '@esr/contracts/optimisation';

export interface FactorForPatients {
  heading: string;
  /** What we found, without the value or the clinical threshold. */
  found: string;
  whatYouCanDo: string;
}

export const patientLeafletWords = {
  title: 'Before your operation: what you can do',
  intro:
    'You are waiting for an operation. While you wait, there are things you can do to get ready. They can help you get better faster. They can also lower the chance of problems after your operation.',
  noFactors:
    'Right now, we have not found anything you need to do before your operation. Keep as active as you can. If your health changes while you wait, tell your hospital team.',
  whatYouCanDo: 'What you can do',
  whoCanHelp: 'Who can help',
  referredTo: (service: string) => `We have asked ${service} to help you.`,
  askTheTeam: 'Ask your hospital team who to contact.',
  contact: (contact: string) => `How to contact them: ${contact}`,
  by: (day: string) => `Try to do this by ${day}.`,
  soon: 'Try to do this as soon as you can.',
  // NICE NG226: weight is never by itself a reason to delay a joint replacement.
  weightNeverDelays:
    'Your weight alone will never delay your operation. We will not make you wait longer because of it.',
  questionsHeading: 'If you have questions',
  questions:
    'Ask your hospital team if you have questions, or if your health changes while you wait. This page does not change your place on the waiting list.',
} as const;

export const factorsForPatients: Record<OptimisationFactor, FactorForPatients> = {
  anaemia: {
    heading: 'Your blood (anaemia)',
    found:
      'Your blood test showed you have fewer red blood cells than we would like. This is called anaemia. It can make you tired. It can also make your operation less safe.',
    whatYouCanDo:
      'We want to find out why, and treat it. You may need iron tablets or an iron drip. Take any tablets you are given every day. Go to every blood test you are asked to have.',
  },
  smoking: {
    heading: 'Smoking',
    found: 'Our notes say that you smoke.',
    whatYouCanDo:
      'Stopping smoking is one of the best things you can do before your operation. It helps your wound heal. It is good for your heart and lungs. Stopping at any time helps, even a few weeks before. Free help to stop works best. You can ask about patches, gum and other help.',
  },
  diabetes: {
    heading: 'Diabetes',
    found: 'Our notes say that you have diabetes.',
    whatYouCanDo:
      'You will need a blood test called HbA1c. It shows your blood sugar over the last few months. Good blood sugar helps your wound heal. It also lowers the chance of an infection. Keep taking your diabetes medicine as you have been told. Go to all your diabetes checks.',
  },
  nutrition: {
    heading: 'Eating well',
    found: 'Your blood test showed that your body may not be getting all the food it needs.',
    whatYouCanDo:
      'Good food helps your body heal. Try to eat three meals a day. Have some protein with each meal, like meat, fish, eggs, beans or milk. Someone may ask you about what you eat. You may see a dietitian. This is an expert in food and health.',
  },
  kidney: {
    heading: 'Your kidneys',
    found: 'Your blood test showed that your kidneys are not working as well as we would like.',
    whatYouCanDo:
      'A doctor will check your kidneys before your operation. They will also look at the medicines you take. Do not stop any medicine unless a doctor tells you to. Tell us about any painkillers you buy yourself.',
  },
  blood_pressure: {
    heading: 'Blood pressure',
    found: 'Our notes say that you have high blood pressure.',
    whatYouCanDo:
      'Your GP surgery will check your blood pressure. It needs to be below 160/100 before your operation. Take your blood pressure tablets every day, as you have been told. Go to your blood pressure checks.',
  },
  weight: {
    heading: 'Your weight',
    found: 'Your height and weight show that you are above a healthy weight.',
    whatYouCanDo:
      'You can have free help to manage your weight, if you want it. Losing some weight can ease the load on your joints. It can also help you get better after your operation.',
  },
};
