import { readinessLabels, socialLabels } from '@esr/contracts/open-pathways';

/** Option labels of the readiness and social lists (docs/requirements.md §7 form data), by value. */
export interface RiskFactorLabels {
  surgery: Record<string, string>;
  social: Record<string, string>;
}

/** The contracts' words, until (or if) the form-data call answers. */
export const defaultRiskFactorLabels: RiskFactorLabels = { surgery: readinessLabels, social: socialLabels };
