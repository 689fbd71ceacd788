import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { Role } from '@esr/contracts/roles';
import {
  createUserBodySchema,
  updateUserBodySchema,
  type CreateUserBody,
  type UpdateUserBody,
  type UserDetails,
} from '@esr/contracts/users';
import { SummaryList } from '../../../components/content';
import { Checkboxes, Select, TextInput } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { useCreateUser } from '../api/create-user';
import { useRoles } from '../api/get-roles';
import { useTrustOptions } from '../api/get-trust-options';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { useAdminRole } from '../lib/admin-role';
import { mapUserSaveError } from '../lib/error-mapping';
import { FormErrorSummary } from './form-errors';
import { FormButtons } from '../../../components/form-buttons';
import { StatusField, type ControlledFieldProps } from './form-parts';
import { useSaveForm } from './save-form';
import { QueryStatus } from '../../../components/list-status';

const fieldOrder = ['firstName', 'lastName', 'email', 'trustCode', 'roles', 'status'] as const;

/** docs/requirements.md §2 Add user: first and last name, e-mail, trust (super admins choose), roles. */
export function AddUserPage() {
  const { trustCode: routeTrust } = useParams();
  const { isSuperAdmin, ownTrustCode } = useAdminRole();
  const navigate = useNavigate();
  const create = useCreateUser();
  const { form, errors, submit, summary } = useSaveForm<CreateUserBody>({
    schema: createUserBodySchema,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      // docs/requirements.md §5: super admins pick a trust; others use their own.
      trustCode: isSuperAdmin ? (routeTrust ?? '') : ownTrustCode,
      roles: [],
    },
    order: fieldOrder,
    save: async (body) => {
      await create.mutateAsync(body);
      // docs/requirements.md §4: on success a create goes to the list.
      await navigate(routeTrust ? paths.trustUsers(routeTrust) : paths.manageActiveUsers());
    },
    failureOf: (error) => mapUserSaveError(error, 'create'),
  });
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <FormErrorSummary {...summary} />
        <h1>Add new user</h1>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <UserFields
            register={(name) => form.register(name)}
            control={form.control}
            errors={errors}
            emailFixed={false}
          />
          <FormButtons busy={create.isPending} onCancel={() => void navigate(-1)} />
        </form>
      </div>
    </div>
  );
}

/** docs/requirements.md §2 Edit user: names, trust, roles and status; the e-mail is read-only. */
export function EditUserPage() {
  const { userId = '' } = useParams();
  const { isSuperAdmin } = useAdminRole();
  const user = useUser(userId, !isSuperAdmin);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {!user.data && <h1>Edit user details</h1>}
        <QueryStatus query={user} />
        {user.data && <EditUserForm user={user.data} />}
      </div>
    </div>
  );
}

const valuesOf = (user: UserDetails): UpdateUserBody => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  trustCode: user.trustCode,
  status: user.status,
  roles: user.assignedRoles.map((role) => ({ code: role.code })),
});

function EditUserForm({ user }: { user: UserDetails }) {
  const navigate = useNavigate();
  const update = useUpdateUser();
  const { form, errors, submit, summary } = useSaveForm<UpdateUserBody>({
    schema: updateUserBodySchema,
    defaultValues: valuesOf(user),
    order: fieldOrder,
    save: async (body) => {
      await update.mutateAsync({ userId: user.userId, body });
      // docs/requirements.md §4: on success an update goes back one page.
      await navigate(-1);
    },
    failureOf: (error) => mapUserSaveError(error, 'update'),
  });
  useEffect(() => form.reset(valuesOf(user)), [user, form]);
  return (
    <>
      <FormErrorSummary {...summary} />
      <h1>
        <span className="nhsuk-caption-l">{user.userName}</span>
        Edit user details
      </h1>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <UserFields
          register={(name) => form.register(name)}
          control={form.control}
          errors={errors}
          emailFixed
        />
        <StatusField control={form.control} error={errors.status} />
        <FormButtons busy={update.isPending} onCancel={() => void navigate(-1)} />
      </form>
    </>
  );
}

interface TrustAndRoles extends FieldValues {
  trustCode: string;
  roles: { code: Role['code'] }[];
}

/** Super admins choose the trust; trust admins see their own, fixed (docs/requirements.md §5). */
function TrustField<T extends TrustAndRoles>({ control, error }: ControlledFieldProps<T>) {
  const { isSuperAdmin, ownTrustCode, ownTrustName } = useAdminRole();
  const options = useTrustOptions(isSuperAdmin);
  if (!isSuperAdmin)
    return <SummaryList rows={[{ key: 'Trust', value: `${ownTrustName} (${ownTrustCode})` }]} />;
  return (
    <Controller
      control={control}
      name={'trustCode' as Path<T>}
      render={({ field }) => (
        <Select
          id="trustCode"
          label="Trust"
          placeholder="Select a trust"
          error={error}
          options={(options.data ?? []).map((trust) => ({
            value: trust.trustCode,
            label: `${trust.trustName} (${trust.trustCode})`,
          }))}
          name={field.name}
          value={String(field.value ?? '')}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** Roles as checkboxes (docs/requirements.md §2 multi-select); Super Admin is offered to super admins only (docs/requirements.md §6). */
function RolesField<T extends TrustAndRoles>({ control, error }: ControlledFieldProps<T>) {
  const { isSuperAdmin } = useAdminRole();
  const roles = useRoles(!isSuperAdmin);
  return (
    <Controller
      control={control}
      name={'roles' as Path<T>}
      render={({ field }) => {
        const selected = ((field.value ?? []) as { code: string }[]).map((role) => role.code);
        return (
          <div id="roles">
            <Checkboxes
              name="roles"
              legend="Roles"
              legendClassName="nhsuk-fieldset__legend--s"
              hint="Select all that apply"
              error={error}
              items={(roles.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
              selected={selected}
              onChange={(code, checked) => {
                const next = checked ? [...selected, code] : selected.filter((c) => c !== code);
                field.onChange(next.map((c) => ({ code: c })));
              }}
            />
          </div>
        );
      }}
    />
  );
}

const nameFields = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
] as const;

/**
 * What both user forms ask: first and last name (docs/requirements.md §5: required, at most 50 characters),
 * the e-mail (read-only once the user exists), the trust and the roles.
 */
function UserFields<T extends TrustAndRoles>({
  register,
  control,
  errors,
  emailFixed,
}: {
  register: (name: 'firstName' | 'lastName' | 'email') => UseFormRegisterReturn;
  control: Control<T>;
  errors: Partial<Record<string, string>>;
  emailFixed: boolean;
}) {
  return (
    <>
      {nameFields.map(({ name, label }) => (
        <TextInput
          key={name}
          id={name}
          label={label}
          width={20}
          error={errors[name]}
          autoComplete="off"
          {...register(name)}
        />
      ))}
      <TextInput
        id="email"
        type="email"
        label="Email address"
        width={30}
        error={errors.email}
        {...(emailFixed
          ? { hint: 'The email address cannot be changed', readOnly: true }
          : {
              hint: 'An NHS email address, ending in nhs.net or .nhs.uk',
              autoComplete: 'off',
              spellCheck: false,
            })}
        {...register('email')}
      />
      <TrustField control={control} error={errors.trustCode} />
      <RolesField control={control} error={errors.roles} />
    </>
  );
}
