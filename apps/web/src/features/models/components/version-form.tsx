import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { ModelVersion } from '@esr/contracts/models';
import { Button } from '../../../components/button';
import { InsetText } from '../../../components/content';
import { setPageNotice } from '../../../lib/page-notice';
import { VersionPage, VersionScreenFrame, type VersionRoute } from './version-screen';

/** What a page acting on one version is given: the version, loaded, the procedure's active version, the address. */
export interface VersionFormProps {
  route: VersionRoute;
  version: ModelVersion;
  activeVersion: number | undefined;
}

/**
 * A page acting on one version (decision 0060): VersionPage for the address, its screen
 * (VersionScreenFrame) showing `Form` once the version is loaded.
 */
export function versionFormPage(title: string, Form: ComponentType<VersionFormProps>) {
  function VersionFormScreen(route: VersionRoute) {
    return (
      <VersionScreenFrame route={route} title={title}>
        {(version, activeVersion) => <Form route={route} version={version} activeVersion={activeVersion} />}
      </VersionScreenFrame>
    );
  }
  return function VersionFormPage() {
    return <VersionPage title={title} screen={VersionFormScreen} />;
  };
}

/** Once a request on a version is done: the page it leads to, in this page's place, saying what was done. */
export function useGoWithNotice() {
  const navigate = useNavigate();
  return (to: string, notice: string) => {
    setPageNotice(to, notice);
    void navigate(to, { replace: true });
  };
}

/** A version that may not be proposed or approved: why, and the way back to the versions. */
export function RefusedNotice({ problem, onBack }: { problem: string; onBack: () => void }) {
  return (
    <>
      <InsetText>
        <p>{problem}.</p>
      </InsetText>
      <Button variant="secondary" onClick={onBack}>
        Back to model versions
      </Button>
    </>
  );
}

/**
 * A version page's button (its form's submit button, unless it has `onAction`) and Cancel. A busy
 * button is aria-disabled, not disabled: a disabled button would lose the focus.
 */
export function ActionAndCancel({
  label,
  busy,
  submitting = busy,
  variant = 'primary',
  onAction,
  onCancel,
}: {
  label: string;
  busy: boolean;
  /** The button's own request is on its way: it says so. */
  submitting?: boolean;
  variant?: 'primary' | 'secondary';
  onAction?: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="app-button-group">
      <Button type={onAction ? 'button' : 'submit'} variant={variant} aria-disabled={busy} onClick={onAction}>
        {submitting ? messages.submitting : label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
