import crypto from 'node:crypto';

/** A minimal cookie jar: the development provider keeps its interaction state in cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs in as a user through the development provider's real authorization-code + PKCE flow,
 * as the browser does, and returns the access token. With `via`, every request of the flow goes to
 * that origin instead of the public one, as a load balancer keeping a user on one of several API
 * processes sends it (they share one public address, hence one issuer).
 */
export async function signInWithCodeFlow(
  baseUrl: string,
  userId: string,
  options: { via?: string } = {},
): Promise<string> {
  const routed = (address: string) => {
    if (!options.via) return address;
    const target = new URL(address);
    const via = new URL(options.via);
    target.protocol = via.protocol;
    target.host = via.host;
    return target.toString();
  };
  const config = (await (await fetch(routed(`${baseUrl}/api/client-config`))).json()) as {
    authority: string;
    clientId: string;
    scope: string;
  };
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/auth/callback`;
  const jar = new CookieJar();
  const authorize = new URL(`${config.authority}/auth`);
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    scope: config.scope,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: crypto.randomUUID(),
    nonce: crypto.randomUUID(),
  }).toString();

  let url = authorize.toString();
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(routed(url), {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`Sign-in failed: ${next.search}`);
        const token = await fetch(routed(`${config.authority}/token`), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: config.clientId,
            code_verifier: verifier,
          }),
        });
        const tokens = (await token.json()) as { access_token?: string; error_description?: string };
        if (!tokens.access_token) throw new Error(`Token exchange failed: ${tokens.error_description}`);
        return tokens.access_token;
      }
      url = next.toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    if (response.status === 200 && url.includes('/interaction/')) {
      // The sign-in page: choose the user, as a person would.
      url = `${url.replace(/\/$/, '')}/login`;
      method = 'POST';
      body = new URLSearchParams({ accountId: userId }).toString();
      continue;
    }
    throw new Error(`Unexpected answer ${response.status} from ${url}`);
  }
  throw new Error('Too many redirects during sign-in');
}
