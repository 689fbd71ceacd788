import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { updateTrustBodySchema, type Trust, type UpdateTrustBody } from '@esr/contracts/trusts';
import { SummaryList } from '../../../components/content';
import { useTrust } from '../api/get-trust';
import { useUpdateTrust } from '../api/update-trust';
import { mapTrustSaveError } from '../lib/error-mapping';
import { FormErrorSummary } from './form-errors';
import { FormButtons } from '../../../components/form-buttons';
import { StatusField } from './form-parts';
import { useSaveForm } from './save-form';
import { QueryStatus } from '../../../components/list-status';
import { TrustEditableFields, trustFieldOrder } from './trust-fields';

const valuesOf = (trust: Trust): UpdateTrustBody => ({
  trustCode: trust.trustCode,
  trustTenantId: trust.trustTenantId ?? '',
  status: trust.status,
  primaryContactFirstName: trust.primaryContactFirstName,
  primaryContactLastName: trust.primaryContactLastName,
  primaryContactEmail: trust.primaryContactEmail,
  primaryContactTelCode: trust.primaryContactTelCode,
  primaryContactTelNumber: trust.primaryContactTelNumber,
});

/** docs/requirements.md §2 Edit trust details: identity read-only; tenant id, status and contact editable. */
export function EditTrustPage() {
  const { trustCode = '' } = useParams();
  const trust = useTrust(trustCode);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {!trust.data && <h1>Edit trust details</h1>}
        <QueryStatus query={trust} />
        {trust.data && <EditTrustForm trust={trust.data} />}
      </div>
    </div>
  );
}

function EditTrustForm({ trust }: { trust: Trust }) {
  const navigate = useNavigate();
  const update = useUpdateTrust();
  const { form, errors, submit, summary } = useSaveForm<UpdateTrustBody>({
    schema: updateTrustBodySchema,
    defaultValues: valuesOf(trust),
    order: trustFieldOrder,
    save: async (body) => {
      await update.mutateAsync(body);
      // docs/requirements.md §4: on success an update goes back one page.
      await navigate(-1);
    },
    failureOf: (error) => mapTrustSaveError(error, 'update'),
  });
  useEffect(() => form.reset(valuesOf(trust)), [trust, form]);
  return (
    <>
      <FormErrorSummary {...summary} />
      <h1>
        <span className="nhsuk-caption-l">{trust.trustName}</span>
        Edit trust details
      </h1>
      <SummaryList
        rows={[
          { key: 'Trust name', value: trust.trustName },
          { key: 'Trust code', value: trust.trustCode },
          { key: 'Role description', value: trust.trustRoleDescription },
          { key: 'Region', value: trust.region },
          { key: 'Region code', value: trust.regionCode },
          { key: 'Country', value: trust.country },
        ]}
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <StatusField control={form.control} error={errors.status} />
        <TrustEditableFields bind={(name) => ({ input: form.register(name), error: errors[name] })} />
        <FormButtons busy={update.isPending} onCancel={() => void navigate(-1)} />
      </form>
    </>
  );
}
