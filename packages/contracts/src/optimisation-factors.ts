/**
 * The risk factors optimised before surgery and their names (decision 0071), with nothing else, so
 * that the web app's shell (its breadcrumbs) can name a factor without loading the forms' schemas.
 */
export const optimisationFactors = [
  'anaemia',
  'smoking',
  'diabetes',
  'nutrition',
  'kidney',
  'blood_pressure',
  'weight',
] as const;
export type OptimisationFactor = (typeof optimisationFactors)[number];

export const optimisationFactorLabels: Record<OptimisationFactor, string> = {
  anaemia: 'Anaemia',
  smoking: 'Smoking',
  diabetes: 'Diabetes',
  nutrition: 'Nutrition',
  kidney: 'Kidney function',
  blood_pressure: 'Blood pressure',
  weight: 'Weight',
};

export const isOptimisationFactor = (text: string): text is OptimisationFactor =>
  (optimisationFactors as readonly string[]).includes(text);
