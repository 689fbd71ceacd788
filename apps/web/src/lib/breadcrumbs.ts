import { isOptimisationFactor, optimisationFactorLabels } from '@esr/contracts/optimisation-factors';

export interface Crumb {
  text: string;
  /** Absent on the last crumb, which is not a link (docs/requirements.md §2). */
  href?: string;
}

export interface BreadcrumbInput {
  pathname: string;
  search: string;
  trustName: string;
  landingPath: string;
  /** The loaded patient, for the segment after patient-lookup (docs/requirements.md §2). */
  patient?: {
    id: string;
    firstName: string;
    lastName: string;
    /** The past evaluation on screen, for the segment after history. */
    evaluation?: { id: string; label: string };
  } | null;
  /**
   * Whether the user may open a page (its path): a crumb to a page they may not open is shown as
   * text, not as a link to "access denied" (a waiting list admin on a patient's validation page
   * cannot open the lookup or the risk summary). Absent: every page.
   */
  canOpen?: (pathname: string) => boolean;
  /** Segments the user's role knows by another name (a safety officer's "Model versions"). */
  pageNames?: Record<string, string>;
}

/** Segments whose page has another name than the address: the crumb says what the page says. */
const pageNames: Record<string, string> = {
  'previous-risk-history': 'Previous evaluations',
  optimisation: 'Optimisation before surgery',
};

const segmentLabel = (segment: string, renamed: Record<string, string> = {}) => {
  const named = renamed[segment] ?? pageNames[segment];
  if (named) return named;
  const spaced = decodeURIComponent(segment).replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** docs/requirements.md §2 "Header breadcrumb". */
export function buildBreadcrumbs({
  pathname,
  search,
  trustName,
  landingPath,
  patient,
  canOpen = () => true,
  pageNames: renamed,
}: BreadcrumbInput): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const keepQuery = segments.length > 2;
  const crumbs: Crumb[] = [{ text: trustName, href: landingPath }];
  segments.forEach((segment, index) => {
    const isPatient =
      patient &&
      index > 0 &&
      segments[index - 1] === 'patient-lookup' &&
      decodeURIComponent(segment) === patient.id;
    const isEvaluation =
      patient?.evaluation &&
      index > 2 &&
      segments[index - 1] === 'history' &&
      decodeURIComponent(segment) === patient.evaluation.id;
    // A model version's id (decision 0046) is no words: its crumb says what it is.
    const isModelVersion = index > 0 && segments[index - 1] === 'versions' && segments[0] === 'upload-model';
    // /patient-lookup/{id}/history has no screen of its own: its crumb leads to the list of
    // previous evaluations, where the user chose the one on screen, and is named after it.
    const isHistoryList = segment === 'history' && index === 2 && segments[0] === 'patient-lookup';
    // /patient-lookup/{id}/optimisation/{factor} has no screen of its own (decision 0071): its
    // crumb is text, naming the factor, between the factors' page and the step's.
    const factorSegment =
      index === 3 && segments[0] === 'patient-lookup' && segments[2] === 'optimisation'
        ? decodeURIComponent(segment)
        : null;
    const factor = factorSegment !== null && isOptimisationFactor(factorSegment) ? factorSegment : null;
    // /optimisation is the worklist's (decision 0072); a patient's …/optimisation is their factors'.
    const isOptimisationWorklist = index === 0 && segment === 'optimisation';
    const text = isOptimisationWorklist
      ? 'Optimisation worklist'
      : isPatient
        ? `${patient.firstName} ${patient.lastName}`
        : isEvaluation
          ? patient.evaluation!.label
          : isModelVersion
            ? 'Version'
            : factor
              ? optimisationFactorLabels[factor]
              : segmentLabel(isHistoryList ? 'previous-risk-history' : segment, renamed);
    const path = segments.slice(0, index + (isHistoryList ? 0 : 1)).join('/');
    const target = `/${path}${isHistoryList ? '/previous-risk-history' : ''}`;
    const isLast = index === segments.length - 1;
    crumbs.push(
      isLast || factorSegment !== null || !canOpen(target)
        ? { text }
        : { text, href: `${target}${keepQuery ? search : ''}` },
    );
  });
  if (crumbs.length === 1) crumbs[0] = { text: trustName };
  return crumbs;
}
