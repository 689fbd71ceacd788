import { Navigate, useParams } from 'react-router';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { paths } from '../../../config/paths';

/**
 * /upload-model/{type}, /upload-model/{type}/versions and /upload-model/{type}/versions/{id} have
 * no page of their own: the breadcrumb of a version's page links to them, so each leads to what it
 * names, the procedure's versions on /upload-model or the version's card.
 */
export function ModelVersionsRedirect() {
  const { type, id } = useParams();
  const procedure = procedureCodeSchema.safeParse(type);
  const to =
    type && id
      ? paths.modelVersionCard(type, id)
      : paths.uploadModel(procedure.success ? procedure.data : undefined);
  return <Navigate to={to} replace />;
}
