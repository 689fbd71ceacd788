import { UserManager } from 'oidc-client-ts';

// Runs inside the hidden iframe (silent renewal) or the popup: hands the response to the opener.
void new UserManager({ authority: '', client_id: '', redirect_uri: '' })
  .signinCallback()
  .catch(() => undefined);
