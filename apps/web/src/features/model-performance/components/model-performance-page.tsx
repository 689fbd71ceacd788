import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { groupingLabels, type ModelPerformance } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { hiddenFigureMeaning } from '@esr/contracts/small-groups';
import { InsetText, NotificationBanner } from '../../../components/content';
import { ListStatus } from '../../../components/list-status';
import { PredictionsSuspended } from '../../../components/predictions-suspended';
import { DataText } from '../../../components/data-text';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { useProcedures } from '../../../lib/api/library';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { usePageNotice } from '../../../lib/page-notice';
import { usePageTitleDetail } from '../../../lib/page-title';
import { isAdmitted } from '../../../lib/roles';
import { useFigures, useGroups, useNational } from '../api/get-figures';
import { useOptimisation } from '../api/get-optimisation';
import {
  adjustmentsText,
  choiceText,
  countText,
  excludedText,
  pendingText,
  periodText,
} from '../lib/figures-text';
import {
  figuresQuery,
  readMonitoringView,
  writeMonitoringView,
  type MonitoringView,
} from '../lib/view-params';
import { CalibrationSection } from './calibration-section';
import { CusumSection } from './cusum-section';
import { FairnessTable } from './fairness-table';
import { QueryStatus } from '../../../components/list-status';
import { BandsSection, FiguresSummary } from './figures-summary';
import { FunnelSection } from './funnel-section';
import { OptimisationSection } from './optimisation-section';
import { ModelPerformanceFrame, type ViewProps } from './model-performance-frame';
import { VladSection } from './vlad-section';

/**
 * /model-performance (decision 0045): how the model's predictions compare with what happened.
 * Trust roles see their own trust's figures; a super admin, who works across the trusts, sees every
 * trust's side by side, their own account's trust marked. What is shown is chosen in the address, so that it can be bookmarked.
 */
export function ModelPerformancePage() {
  const role = useAuth().currentSelectedRole;
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readMonitoringView(params), [params]);
  const procedures = useProcedures();
  const procedureName = procedures.data?.find((procedure) => procedure.code === view.procedure)?.name;
  usePageTitleDetail(procedureName);
  const show = (next: MonitoringView) => setParams(writeMonitoringView(next));
  return role === 'SuperAdmin' ? (
    <NationalPerformance view={view} procedureName={procedureName} onView={show} />
  ) : (
    <TrustPerformance view={view} procedureName={procedureName} onView={show} />
  );
}

function TrustPerformance(shown: ViewProps) {
  const { view, procedureName } = shown;
  const trust = useTrustCode();
  const query = useMemo(() => figuresQuery(view), [view]);
  const figures = useFigures(trust, view.procedure, query);
  const groups = useGroups(trust, view.procedure, query, view.by);
  const optimisation = useOptimisation(trust, view.procedure, { from: view.from, to: view.to }, view.by);
  const data = figures.isError ? undefined : figures.data;
  // What the acknowledgement of a signal has just recorded (decision 0061), in view and focused.
  const notice = usePageNotice();
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) banner.current?.focus();
  }, [notice]);
  return (
    <ModelPerformanceFrame
      {...shown}
      intro={
        <p>
          How the model’s predictions of complications compare with what happened to your trust’s patients
          after their operations. Each outcome is judged against the latest prediction made before the day of
          the operation, and counts once 90 days have passed since the operation.
        </p>
      }
      versions={figures.data?.modelVersions}
      queries={[figures, groups, optimisation]}
    >
      {notice && (
        <div ref={banner} tabIndex={-1} className="app-focus-target">
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">{notice}</p>
          </NotificationBanner>
        </div>
      )}
      <QueryStatus query={figures} />
      {data && (
        <SuspensionSection
          suspension={data.suspension}
          procedure={view.procedure}
          procedureName={procedureName ?? 'this type of operation'}
        />
      )}
      {data && (
        <>
          <p className="nhsuk-body-s" role="status">
            {choiceText(data)}
          </p>
          {pendingText(data.pending) && (
            <InsetText>
              <p>{pendingText(data.pending)}</p>
            </InsetText>
          )}
          {data.n === 0 ? (
            <NoOutcomes figures={data} chosen={Object.keys(query).length > 0} />
          ) : (
            <TrustFigures figures={data} view={view} groups={groups} optimisation={optimisation} />
          )}
        </>
      )}
    </ModelPerformanceFrame>
  );
}

/**
 * The suspension of the procedure's predictions in force, for everyone (decision 0063); the
 * clinical safety officer's way to suspend them, or to lift the suspension.
 */
function SuspensionSection({
  suspension,
  procedure,
  procedureName,
}: {
  suspension: ModelPerformance['suspension'];
  procedure: ProcedureCode;
  procedureName: string;
}) {
  const role = useAuth().currentSelectedRole;
  const maySuspend = role !== null && isAdmitted([role], screenTable.predictionSuspension.allowed);
  const link = maySuspend && (
    <p>
      <Link className="nhsuk-link" to={paths.predictionSuspension(procedure)}>
        {suspension
          ? `Lift the suspension of predictions for ${procedureName.toLowerCase()}`
          : `Suspend predictions for ${procedureName.toLowerCase()}`}
      </Link>
    </p>
  );
  if (!suspension) return link || null;
  return (
    <>
      <PredictionsSuspended procedureName={procedureName} suspendedOn={suspension.suspendedOn} />
      <p>
        Reason given by {suspension.suspendedBy}: <DataText text={suspension.reason} />
      </p>
      {link}
    </>
  );
}

function NoOutcomes({ figures, chosen }: { figures: ModelPerformance; chosen: boolean }) {
  return (
    <InsetText>
      <p>
        {chosen
          ? 'No outcomes have been recorded for this procedure in the dates and model version chosen.'
          : 'No outcomes have been recorded for this procedure yet.'}
      </p>
      {figures.excluded > 0 && (
        <p>
          There {figures.excluded === 1 ? 'is' : 'are'} {excludedText(figures.excluded)}: they cannot be
          judged.
        </p>
      )}
    </InsetText>
  );
}

function TrustFigures({
  figures,
  view,
  groups,
  optimisation,
}: {
  figures: ModelPerformance;
  view: MonitoringView;
  groups: ReturnType<typeof useGroups>;
  optimisation: ReturnType<typeof useOptimisation>;
}) {
  const role = useAuth().currentSelectedRole;
  const mayChange = role !== null && isAdmitted([role], screenTable.modelPerformanceSettings.allowed);
  const mayAcknowledge = role !== null && isAdmitted([role], screenTable.acknowledgeSignal.allowed);
  const adjustments = adjustmentsText(figures.adjustments);
  const grouped = groups.data && !groups.isError && groups.data.by === view.by ? groups.data : undefined;
  const grouping = groupingLabels[view.by].toLowerCase();
  return (
    <>
      <FiguresSummary figures={figures} procedure={view.procedure} mayAcknowledge={mayAcknowledge} />
      <BandsSection bands={figures.bands} />
      <CalibrationSection deciles={figures.deciles} />
      <VladSection points={figures.vlad} />
      <p id="cusum">
        Each CUSUM’s threshold is set so that a model predicting as it should raises a false alarm once in{' '}
        {countText(figures.cusum.targetRunLength)} operations on average, worked out on your trust’s{' '}
        {countText(figures.cusum.caseMix)} counted outcomes.
        {mayChange && (
          <>
            {' '}
            <Link className="nhsuk-link" to={paths.modelPerformanceSettings()}>
              Change the operations between false alarms
            </Link>
          </>
        )}
      </p>
      <CusumSection chart={figures.cusum.worse} procedure={view.procedure} mayAcknowledge={mayAcknowledge} />
      <CusumSection chart={figures.cusum.better} procedure={view.procedure} mayAcknowledge={mayAcknowledge} />
      <section aria-labelledby="fairness">
        <h2 id="fairness">By patient group</h2>
        <p>
          The same figures for each group by {grouping}. Each group is compared with the rest of the list. It
          is flagged ‘Check’ when it differs from the rest by more than chance would explain across the groups
          shown, and by more than a set size: complications against predicted more than a quarter higher or a
          fifth lower than for the rest, a calibration difference beyond 0.2 on the log-odds scale, or the
          model telling apart those who had a complication at least 0.05 of AUROC less well. A flag is a
          prompt to look closer, not proof that the model is unfair. {hiddenFigureMeaning('patients')} To
          group the patients another way, use{' '}
          <a className="nhsuk-link" href="#by">
            Group the fairness table by
          </a>{' '}
          above.
        </p>
        <ListStatus
          isLoading={groups.isLoading}
          isError={groups.isError}
          isEmpty={Boolean(grouped && grouped.groups.length === 0)}
          onRetry={() => void groups.refetch()}
        />
        {grouped && grouped.groups.length > 0 && <FairnessTable by={view.by} groups={grouped.groups} />}
      </section>
      <OptimisationSection query={optimisation} period={Boolean(view.from ?? view.to)} />
      {adjustments && (
        <section aria-labelledby="adjustments">
          <h2 id="adjustments">Clinicians’ adjustments</h2>
          <p>{adjustments}</p>
        </section>
      )}
    </>
  );
}

function NationalPerformance(shown: ViewProps) {
  const { view } = shown;
  const ownTrustCode = useTrustCode();
  const national = useNational(view.procedure, { from: view.from, to: view.to });
  const data = national.isError ? undefined : national.data;
  return (
    <ModelPerformanceFrame
      {...shown}
      intro={
        <p>
          How each trust’s complications after the operation compare with what the model expected, for one
          type of operation: a trust far from the others may need its model or its recording looked at.
        </p>
      }
      national
      queries={[national]}
    >
      <QueryStatus query={national} />
      {data && (
        <>
          <p className="nhsuk-body-s" role="status">
            {periodText(view)}, all trusts.
          </p>
          {data.trusts.length === 0 ? (
            <InsetText>
              <p>No trust has recorded outcomes for this procedure yet.</p>
            </InsetText>
          ) : (
            <FunnelSection national={data} ownTrustCode={ownTrustCode} />
          )}
        </>
      )}
    </ModelPerformanceFrame>
  );
}
