export interface Crumb {
  text: string;
  /** Absent on the last crumb, which is not a link (spec §2). */
  href?: string;
}

export interface BreadcrumbInput {
  pathname: string;
  search: string;
  trustName: string;
  landingPath: string;
  /** The loaded patient, for the segment after patient-lookup (spec §2). */
  patient?: { id: string; firstName: string; lastName: string } | null;
}

const segmentLabel = (segment: string) => {
  const spaced = decodeURIComponent(segment).replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** spec §2 "Header breadcrumb". */
export function buildBreadcrumbs({
  pathname,
  search,
  trustName,
  landingPath,
  patient,
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
    const text = isPatient ? `${patient.firstName} ${patient.lastName}` : segmentLabel(segment);
    const href = `/${segments.slice(0, index + 1).join('/')}${keepQuery ? search : ''}`;
    crumbs.push(index === segments.length - 1 ? { text } : { text, href });
  });
  if (crumbs.length === 1) crumbs[0] = { text: trustName };
  return crumbs;
}
