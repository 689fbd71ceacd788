import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { createTrustBodySchema, type CreateTrustBody } from '@esr/contracts/trusts';
import { InsetText, SummaryList } from '../../../components/content';
import { Select, TextInput } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { useCreateTrust } from '../api/create-trust';
import { useTrustLookups } from '../api/get-trust-lookups';
import { mapTrustSaveError } from '../lib/error-mapping';
import { FormErrorSummary } from './form-errors';
import { FormButtons } from '../../../components/form-buttons';
import { useSaveForm } from './save-form';
import { QueryStatus } from '../../../components/list-status';
import { TrustEditableFields, trustFieldOrder } from './trust-fields';

const empty: CreateTrustBody = {
  trustCode: '',
  trustTenantId: '',
  primaryContactFirstName: '',
  primaryContactLastName: '',
  primaryContactEmail: '',
  primaryContactTelCode: '+44',
  primaryContactTelNumber: '',
};

/** docs/requirements.md §2 Add new trust: pick from the NHS list (searchable), fill tenant id and contact. */
export function AddTrustPage() {
  const navigate = useNavigate();
  const lookups = useTrustLookups();
  const create = useCreateTrust();
  const [search, setSearch] = useState('');
  const { form, errors, submit, summary } = useSaveForm<CreateTrustBody>({
    schema: createTrustBodySchema,
    defaultValues: empty,
    order: trustFieldOrder,
    save: async (body) => {
      await create.mutateAsync(body);
      await navigate(paths.manageActiveTrusts());
    },
    failureOf: (error) => mapTrustSaveError(error, 'create'),
  });
  const chosenCode = form.watch('trustCode');
  const entries = useMemo(() => lookups.data ?? [], [lookups.data]);
  const chosen = entries.find((entry) => entry.trustCode === chosenCode);
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    const matches = term
      ? entries.filter(
          (e) => e.trustName.toLowerCase().includes(term) || e.trustCode.toLowerCase().startsWith(term),
        )
      : entries;
    // Keep the chosen trust selectable while the search changes.
    return chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;
  }, [entries, search, chosen]);

  const bind = (name: Parameters<Parameters<typeof TrustEditableFields>[0]['bind']>[0]) => ({
    input: form.register(name),
    error: errors[name],
  });
  const trustCodeField = form.register('trustCode');

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <FormErrorSummary {...summary} />
        <h1>Add new trust</h1>
        <QueryStatus query={lookups} />
        {lookups.isSuccess && entries.length === 0 && (
          <InsetText>
            <p>{messages.noNewTrusts}</p>
          </InsetText>
        )}
        {entries.length > 0 && (
          <form noValidate onSubmit={(event) => void submit(event)}>
            <TextInput
              id="trust-search"
              type="search"
              label="Search for a trust"
              hint="Type part of the trust name or its code to narrow the list below"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
            />
            <Select
              id="trustCode"
              label="Trust"
              placeholder={shown.length === 0 ? 'No trust matches the search' : 'Select a trust'}
              error={errors.trustCode}
              options={shown.map((entry) => ({
                value: entry.trustCode,
                label: `${entry.trustName} (${entry.trustCode})`,
              }))}
              {...trustCodeField}
            />
            {chosen && (
              <SummaryList
                rows={[
                  { key: 'Trust code', value: chosen.trustCode },
                  { key: 'Role description', value: chosen.trustRoleDescription },
                  { key: 'Region', value: chosen.region },
                  { key: 'Region code', value: chosen.regionCode },
                  { key: 'Country', value: chosen.country },
                ]}
              />
            )}
            <TrustEditableFields bind={bind} />
            <FormButtons busy={create.isPending} onCancel={() => void navigate(-1)} />
          </form>
        )}
      </div>
    </div>
  );
}
