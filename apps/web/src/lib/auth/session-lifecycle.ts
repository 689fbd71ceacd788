import { useEffect } from 'react';
import type { UserManager } from 'oidc-client-ts';
import { operations } from '@esr/contracts/endpoints/operations';
import { apiRequest, configureApiClient } from '../api-client';
import { startIdleTimer } from '../idle-timer';
import { landingPathFor } from '../roles';
import { readSelectedRole } from '../selected-role-storage';
import { onSignOutElsewhere } from '../sign-out-broadcast';
import { paths } from '../../config/paths';
import type { Navigate, SessionActions } from './auth-actions';
import type { AuthSnapshot, UpdateAuth } from './auth-snapshot';
import { createUserManager, type OidcSession } from './oidc-session';

/** What the session's effects work with; each part stays the same for the provider's life. */
export interface SessionParts {
  oidc: OidcSession;
  update: UpdateAuth;
  actions: SessionActions;
  navigate: Navigate;
}

/** The API client's token: the user's while it lasts, renewed silently once it has expired. */
function accessTokenOf({ oidc, update }: SessionParts) {
  return async () => {
    const user = oidc.user;
    if (user && !user.expired) return user.access_token;
    if (user && oidc.manager) {
      update({ interactionStatus: 'acquireToken' });
      try {
        oidc.user = await oidc.manager.signinSilent();
        return oidc.user?.access_token ?? null;
      } catch {
        return null;
      } finally {
        update({ interactionStatus: 'none' });
      }
    }
    return null;
  };
}

/** Back from the provider's sign-in: the profile, then the page the sign-in was asked from. */
async function completeSignIn(manager: UserManager, { oidc, update, actions, navigate }: SessionParts) {
  update({ interactionStatus: 'handleRedirect' });
  try {
    const user = await manager.signinRedirectCallback();
    oidc.user = user;
    const me = await actions.loadProfile();
    const returnTo = (user.state as { returnTo?: string } | undefined)?.returnTo;
    if (me) {
      const role = readSelectedRole(window.localStorage);
      navigate(returnTo ?? landingPathFor(role), { replace: true });
    }
  } catch {
    navigate(paths.home(), { replace: true });
  }
}

/** Any other page: the stored session goes on, renewed silently if its token has expired. */
async function resumeSession(manager: UserManager, { oidc, update, actions }: SessionParts) {
  const stored = await manager.getUser();
  if (stored && !stored.expired) {
    oidc.user = stored;
    await actions.loadProfile();
  } else if (stored) {
    update({ interactionStatus: 'ssoSilent' });
    try {
      oidc.user = await manager.signinSilent();
      await actions.loadProfile();
    } catch {
      await actions.clearSession();
    }
  }
}

/** On the first page: the API client's token, the client configuration, then the sign-in's return or the stored session. */
export function useSessionStart(parts: SessionParts) {
  const { oidc, update, actions, navigate } = parts;
  useEffect(() => {
    const session = { oidc, update, actions, navigate };
    let cancelled = false;
    configureApiClient(accessTokenOf(session), (status) => {
      // A refused call means the account or its trust was disabled, or the role was removed.
      if (status === 403) navigate(paths.unauthorized(), { replace: true });
    });
    const settle = () => {
      if (!cancelled) update({ interactionStatus: 'none' });
    };
    (async () => {
      const clientConfig = await apiRequest(operations.clientConfig);
      if (cancelled) return;
      update({ config: clientConfig });
      const manager = createUserManager(clientConfig);
      oidc.attach(manager);
      // docs/requirements.md §1: an interactive popup is used if silent token acquisition fails. Browsers block
      // popups that no click opened, so the user is asked to continue, and their click opens it.
      manager.events.addSilentRenewError(() => update({ renewalNeeded: true }));
      if (window.location.pathname === paths.authCallback()) await completeSignIn(manager, session);
      else await resumeSession(manager, session);
    })().then(settle, settle);
    return () => {
      cancelled = true;
    };
  }, [oidc, update, actions, navigate]);
}

/** The session ends by a sign-out in another tab, or after the configured time idle. */
export function useSessionEndings(snapshot: AuthSnapshot, { update, actions, navigate }: SessionParts) {
  const { loginUserDetails, config } = snapshot;
  const { clearSession } = actions;
  const { signOut } = actions.userActions;

  // A sign-out in another tab ends this tab's session too; that tab ends the provider's session.
  useEffect(() => {
    if (!loginUserDetails) return;
    return onSignOutElsewhere(window, () => {
      update({ signedOut: true });
      void clearSession().then(() => navigate(paths.home(), { replace: true }));
    });
  }, [loginUserDetails, clearSession, update, navigate]);

  // docs/requirements.md §4: idle logout after the configured time without activity, across tabs, no prompt.
  useEffect(() => {
    if (!loginUserDetails || !config) return;
    return startIdleTimer({
      timeoutMs: config.idleTimeoutMs,
      storage: window.localStorage,
      target: window,
      onIdle: () => void signOut(),
    });
  }, [loginUserDetails, config, signOut]);
}
