import { optimisationMessages } from '@esr/contracts/optimisation';
import { InsetText } from '../../../components/content';
import { QueryStatus } from '../../../components/list-status';
import { SuccessNotice } from '../../../components/success-notice';
import { usePageNotice } from '../../../lib/page-notice';
import { usePathwayOptimisation } from '../api/get-pathway-optimisation';
import { usePathwayPrioritisation } from '../api/get-pathway-prioritisation';
import { OptimisationFactors } from './optimisation-section';
import {
  PatientHeading,
  PatientLoadStatus,
  PatientPage,
  useBreadcrumbPatient,
  type PatientRoute,
} from './patient-screen';
import { BackLink, PrioritisationHeader } from './prioritisation-screen';

const title = 'Optimisation before surgery';

/**
 * Decision 0071 /patient-lookup/{id}/optimisation: the pathway's risk factors to optimise before
 * surgery on a page of their own, for every role that reads them: the waiting list admin, who
 * cannot open the risk summary, comes here from Record validation and records the administrative
 * steps from here; what a step recorded shows here when it returns.
 */
export function OptimisationPage() {
  return <PatientPage title={title} screen={OptimisationScreen} />;
}

function OptimisationScreen(route: PatientRoute) {
  const prioritisation = usePathwayPrioritisation(route.trust, route.type, route.id);
  const optimisation = usePathwayOptimisation(route.trust, route.type, route.id);
  const notice = usePageNotice();
  const pathway = prioritisation.data;
  useBreadcrumbPatient(route.id, pathway);
  return (
    <>
      {notice && <SuccessNotice text={notice} />}
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          {!pathway ? (
            <>
              <PatientHeading title={title} name={undefined} />
              <PatientLoadStatus query={prioritisation} />
            </>
          ) : (
            <>
              <PrioritisationHeader title={title} pathway={pathway} rows={[]} />
              {!pathway.isActive && (
                <InsetText>
                  <p>{optimisationMessages.archived}.</p>
                </InsetText>
              )}
              {optimisation.data ? (
                <OptimisationFactors
                  optimisation={optimisation.data}
                  pathway={route}
                  level={2}
                  openedFrom={{ fromOptimisation: true }}
                />
              ) : (
                <QueryStatus query={optimisation} />
              )}
              <BackLink id={route.id} type={route.type} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
