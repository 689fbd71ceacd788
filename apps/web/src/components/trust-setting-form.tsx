import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth/auth-provider';
import { useSettingForm, type SettingFormOptions } from '../lib/setting-form';
import { Button } from './button';
import { CaptionHeading } from './caption-heading';
import { NotificationBanner } from './content';
import { ErrorSummary } from './error-summary';
import { TextInput, type TextInputProps } from './form-fields';
import { QueryStatus } from './list-status';

/** The one field a trust's setting is typed in. */
export interface SettingField {
  id: string;
  label: string;
  hint: string;
  width: TextInputProps['width'];
  inputMode: 'numeric' | 'text';
}

/**
 * A page that sets one of the trust's settings (the oldest blood result, decision 0057; the
 * CUSUMs' operations between false alarms, decision 0061; the harm-review thresholds, decision
 * 0044): the error summary, a success banner once saved, the heading with the trust's name, what
 * the setting does, then the field with the saved value once it is read, and a way back.
 */
export function TrustSettingForm<T>({
  title,
  settings,
  field,
  submitLabel = 'Save',
  savedNotice,
  back,
  children,
  ...options
}: Omit<SettingFormOptions<T>, 'fieldId'> & {
  title: string;
  /** The query that reads the saved setting: the form shows once it has. */
  settings: { isLoading: boolean; isError: boolean; refetch: () => unknown; data?: unknown };
  field: SettingField;
  submitLabel?: string;
  /** The success banner's heading and what the saved value now does. */
  savedNotice: (saved: T) => { heading: string; body: ReactNode };
  back?: { to: string; text: string };
  /** What the setting does, under the heading. */
  children: ReactNode;
}) {
  const trustName = useAuth().loginUserDetails?.trust.name;
  const form = useSettingForm({ ...options, fieldId: field.id });
  const notice = form.saved === null ? null : savedNotice(form.saved);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {notice && (
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">{notice.heading}</p>
            <p>{notice.body}</p>
          </NotificationBanner>
        )}
        <CaptionHeading title={title} caption={trustName} />
        {children}
        <QueryStatus query={settings} />
        {Boolean(settings.data) && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            <TextInput
              id={field.id}
              label={field.label}
              labelClassName="nhsuk-label--s"
              hint={field.hint}
              width={field.width}
              inputMode={field.inputMode}
              autoComplete="off"
              spellCheck={false}
              error={form.fieldError}
              value={form.value}
              onChange={(event) => form.setTyped(event.target.value)}
            />
            <Button type="submit" aria-disabled={options.pending || undefined}>
              {options.pending ? 'Saving…' : submitLabel}
            </Button>
          </form>
        )}
        {back && (
          <p>
            <Link className="nhsuk-link" to={back.to}>
              {back.text}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
