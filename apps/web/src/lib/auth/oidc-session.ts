import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { ClientConfig } from '@esr/contracts/identity';
import { paths } from '../../config/paths';

export function createUserManager(config: ClientConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${paths.authCallback()}`,
    silent_redirect_uri: `${origin}/auth/silent-callback.html`,
    // The popup fallback lands on the same small page, which hands the answer back to this window.
    popup_redirect_uri: `${origin}/auth/silent-callback.html`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    automaticSilentRenew: true,
    // docs/requirements.md §9: sessions are cached in session storage.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    monitorSession: false,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    // Give up on silent renewal after one retry, so the user is asked in good time (the token
    // expires 60 s after renewal starts).
    silentRequestTimeoutInSeconds: 5,
    maxSilentRenewTimeoutRetries: 1,
  });
}

/**
 * The OIDC client and its signed-in user, kept outside React state: the API client reads the
 * token on every call, between renders.
 */
export interface OidcSession {
  manager: UserManager | null;
  user: User | null;
  /** Sign-in may be asked for before the client configuration has arrived: it waits for this. */
  readonly managerReady: Promise<UserManager>;
  /** The client configuration has arrived: the manager serves from now on, and whoever waited for it goes on. */
  attach(manager: UserManager): void;
}

export function createOidcSession(): OidcSession {
  let resolveManager!: (manager: UserManager) => void;
  const session: OidcSession = {
    manager: null,
    user: null,
    managerReady: new Promise<UserManager>((resolve) => (resolveManager = resolve)),
    attach(manager) {
      session.manager = manager;
      resolveManager(manager);
      manager.events.addUserLoaded((user) => {
        session.user = user;
      });
    },
  };
  return session;
}
