/** Types of scripts/hazard-log.mjs, for scripts/clinical-safety.test.ts. */

export type Likelihood = 'very low' | 'low' | 'medium' | 'high' | 'very high';
export type Consequence = 'minor' | 'significant' | 'considerable' | 'major' | 'catastrophic';
export type Status = 'open' | 'mitigated' | 'accepted' | 'closed';

export interface Risk {
  likelihood: Likelihood;
  consequence: Consequence;
  rating: number;
}

/** A test that verifies a control: its file, and its name as written (inside `describe` when given). */
export interface Verification {
  path: string;
  test: string;
  describe?: string;
}

export interface VerifiedControl {
  description: string;
  verifiedBy: Verification[];
}

export interface Hazard {
  id: string;
  title: string;
  description: string;
  causes: string[];
  effect: string;
  potentialHarm: string;
  initial: Risk;
  controls: {
    design: VerifiedControl[];
    test: VerifiedControl[];
    training: string[];
    businessProcess: string[];
  };
  residual: Risk;
  status: Status;
  owner: string;
  justification?: string;
  furtherControls?: string[];
}

export interface HazardLog {
  hazards: Hazard[];
}

/** A test found in a file: its name as written, the describe blocks around it, why it would not run. */
export interface TestName {
  name: string;
  describes: string[];
  skipped: string | null;
}

export interface GeneratedDocument {
  path: string;
  text: string;
  missing: string[];
}

export const repositoryRoot: string;
export const folder: string;
export const logPath: string;
export const markdownPath: string;
export const planPath: string;
export const reportPath: string;

export const likelihoods: readonly Likelihood[];
export const consequences: readonly Consequence[];
export const riskMatrix: Readonly<Record<Likelihood, readonly number[]>>;
export const ratingMeanings: Readonly<Record<1 | 2 | 3 | 4 | 5, string>>;
export const highestAcceptableRating: number;
export const statuses: readonly Status[];
export const verifiedControlKinds: readonly string[];
export const controlKinds: readonly string[];

export function ratingOf(likelihood: string, consequence: string): number | undefined;

export function parseHazardLog(text: string): { log: unknown; problems: string[] };
export function readHazardLog(root?: string): { log: unknown; problems: string[] };

export function fieldProblems(log: unknown): string[];
export function ratingProblems(log: unknown): string[];
export function statusProblems(log: unknown): string[];
export function verificationProblems(log: unknown, root?: string): string[];
export function checkHazardLog(log: unknown, root?: string): string[];

export function testNamesIn(text: string, fileName: string): TestName[];

export function riskMatrixTable(): string;
export function hazardsByResidualRatingTable(log: HazardLog, file?: string): string;
export function openHazardsList(log: HazardLog, file?: string): string;
export function residualSummary(log: HazardLog): string;
export function hazardLogMarkdown(log: HazardLog): string;
export function generatedDocuments(log: HazardLog, root?: string): Promise<GeneratedDocument[]>;
export function documentProblems(log: unknown, root?: string): Promise<string[]>;
