import type { IncomingMessage } from 'node:http';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Provider, { type Configuration } from 'oidc-provider';
import type { JWK } from 'jose';
import { eq, asc, sql } from 'drizzle-orm';
import { productName } from '@esr/contracts/messages';
import { roleNames, type RoleCode } from '@esr/contracts/roles';
import { demoIntegrationClients, demoUsers } from '../../platform/db/seed.js';
import { userRoles, users } from '../../platform/db/schema.js';
import type { Db } from '../../platform/db/client.js';

export interface DevelopmentProviderOptions {
  db: Db;
  issuer: string;
  publicUrl: string;
  audience: string;
  clientId: string;
  signingKey: JWK;
  cookieSecret: string;
  accessTokenTtlSeconds: number;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${escapeHtml(productName)}</title>
<link rel="stylesheet" href="/dev-sign-in/styles.css">
</head>
<body>
<header class="banner"><div class="width">${escapeHtml(productName)} · development sign-in</div></header>
<main id="main-content" class="width">
${body}
</main>
</body>
</html>`;
}

const styles = `
body{margin:0;font-family:Arial,Helvetica,sans-serif;color:#212b32;background:#f0f4f5;line-height:1.5}
.width{max-width:960px;margin:0 auto;padding:0 16px}
.banner{background:#005eb8;color:#fff;padding:16px 0;font-weight:bold;font-size:1.2rem}
h1{font-size:2rem;margin:32px 0 8px}
.warning{border-left:8px solid #ffeb3b;background:#fff9c4;padding:12px 16px;margin:16px 0}
ul.users{list-style:none;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
ul.users li form{margin:0}
button{font:inherit;font-weight:bold;background:#007f3b;color:#fff;border:0;border-bottom:4px solid #00401e;padding:12px 16px;cursor:pointer;width:100%;text-align:left;min-height:44px}
button:focus{outline:4px solid #ffeb3b;outline-offset:0;box-shadow:0 4px 0 #212b32}
button .roles{display:block;font-weight:normal}
label{display:block;font-weight:bold;margin:24px 0 4px}
input[type=email]{font:inherit;padding:8px;border:2px solid #4c6272;width:100%;max-width:420px;box-sizing:border-box}
input[type=email]:focus{outline:4px solid #ffeb3b;box-shadow:inset 0 0 0 2px #212b32}
.other button{width:auto;margin-top:12px}
.error{color:#d5281b;font-weight:bold}
`;

interface ListedUser {
  id: string;
  name: string;
  email: string;
  roles: string;
}

async function listDemoUsers(db: Db): Promise<ListedUser[]> {
  const ids = demoUsers.map((u) => u.id);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: sql<
        string[]
      >`coalesce(array_agg(${userRoles.roleCode}) filter (where ${userRoles.roleCode} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .groupBy(users.id)
    .orderBy(asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    roles: row.roles.map((code) => roleNames[code as RoleCode] ?? code).join(' + ') || 'No role',
  }));
}

function loginPage(uid: string, people: ListedUser[], error?: string): string {
  const items = people
    .map(
      (person) => `<li><form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
<input type="hidden" name="accountId" value="${escapeHtml(person.id)}">
<button type="submit">${escapeHtml(person.name)}<span class="roles">${escapeHtml(person.roles)}</span></button>
</form></li>`,
    )
    .join('\n');
  return page(
    'Choose a user',
    `<h1>Choose a user to sign in as</h1>
<div class="warning"><p><strong>Development sign-in.</strong> This page stands in for your organisation's sign-in (NHS CIS2 or Microsoft Entra ID). It is not available in production.</p></div>
<ul class="users" aria-label="Demo users">${items}</ul>
<form class="other" method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
<label for="email">Or sign in as another registered user by e-mail address</label>
${error ? `<p class="error" id="email-error"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
<input type="email" id="email" name="email" autocomplete="email"${error ? ' aria-describedby="email-error"' : ''}>
<div><button type="submit">Sign in</button></div>
</form>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('Form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The web app's client, and the integration clients that take tokens by client credentials. */
function providerClients(clientId: string, redirectHosts: Set<string>): Configuration['clients'] {
  return [
    {
      client_id: clientId,
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: [...redirectHosts].flatMap((origin) => [
        `${origin}/auth/callback`,
        `${origin}/auth/silent-callback.html`,
      ]),
      post_logout_redirect_uris: [...redirectHosts].map((origin) => `${origin}/`),
    },
    // Systems sending blood results or reading risk assessments (docs/integration.md): OAuth 2.0
    // client credentials, as a trust's integration engine gets its tokens from Entra ID.
    ...demoIntegrationClients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.secret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic' as const,
    })),
  ];
}

/** Client credentials, and access tokens for the API as the resource, and signing out. */
function providerFeatures(audience: string, accessTokenTtlSeconds: number) {
  return {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => audience,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: 'api',
        audience,
        accessTokenFormat: 'jwt',
        accessTokenTTL: accessTokenTtlSeconds,
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: async (ctx, form) => {
        ctx.type = 'html';
        ctx.body = page(
          'Signing out',
          `<h1>Signing out</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<p>If nothing happens, <button type="submit" form="op.logoutForm">sign out</button>.</p>
<script src="/dev-sign-in/auto-submit.js"></script>`,
        );
      },
    },
  } satisfies Configuration['features'];
}

/** A user of the database as the provider's account, with the claims the web app reads. */
const findAccount =
  (db: Db): Configuration['findAccount'] =>
  async (_ctx, id) => {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) return undefined;
    return {
      accountId: user.id,
      claims: async () => ({
        sub: user.id,
        name: `${user.firstName} ${user.lastName}`,
        given_name: user.firstName,
        family_name: user.lastName,
        email: user.email,
      }),
    };
  };

/** The provider's errors as a page of the product, but for a sign-out another tab has finished. */
const renderError =
  (publicUrl: string): Configuration['renderError'] =>
  async (ctx, out) => {
    // Tabs that reach the idle timeout together each start signing out of one shared session;
    // the first to confirm ends it, and the others' confirmations no longer match. Signing out
    // has happened (or is happening), so they go where it leads rather than to an error page.
    if (ctx.oidc?.route === 'end_session_confirm' && out.error === 'invalid_request') {
      ctx.status = 303;
      ctx.redirect(`${publicUrl}/`);
      return;
    }
    ctx.type = 'html';
    ctx.body = page(
      'Sign-in error',
      `<h1>There is a problem signing in</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="${escapeHtml(publicUrl)}/">Return to the home page</a></p>`,
    );
  };

/** An interaction's page: consent implied for the first-party client, else the sign-in page. */
const showInteraction =
  (provider: Provider, db: Db, clientId: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const details = await provider.interactionDetails(req.raw, reply.raw);
    if (details.prompt.name === 'consent') {
      // First-party client: consent is implied; grant what was asked (stack notes).
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session!.accountId, clientId });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant!.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant!.save();
      await provider.interactionFinished(
        req.raw,
        reply.raw,
        { consent: { grantId } },
        {
          mergeWithLastSubmission: true,
        },
      );
      return;
    }
    const people = await listDemoUsers(db);
    reply.raw.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    reply.raw.end(loginPage(details.uid, people));
  };

/** The sign-in form: a demonstration user, or a registered user by e-mail address. */
const signIn = (provider: Provider, db: Db) => async (req: FastifyRequest, reply: FastifyReply) => {
  reply.hijack();
  const details = await provider.interactionDetails(req.raw, reply.raw);
  const form = await readForm(req.raw);
  let accountId = form.get('accountId') ?? '';
  const email = (form.get('email') ?? '').trim();
  if (!accountId && email) {
    const [match] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    accountId = match?.id ?? '';
  }
  const [user] = accountId
    ? await db.select({ id: users.id }).from(users).where(eq(users.id, accountId)).limit(1)
    : [];
  if (!user) {
    const people = await listDemoUsers(db);
    reply.raw.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    reply.raw.end(loginPage(details.uid, people, 'No registered user has that e-mail address'));
    return;
  }
  await provider.interactionFinished(
    req.raw,
    reply.raw,
    { login: { accountId: user.id } },
    {
      mergeWithLastSubmission: false,
    },
  );
};

/**
 * The built-in OpenID Connect provider for the embedded default (docs/identity.md). It issues real
 * authorization-code + PKCE flows and RS256 `at+jwt` access tokens, so the API verifies them the
 * same way it verifies Entra ID or CIS2 tokens. Refused in production by config validation.
 */
async function developmentIdentityProvider(app: FastifyInstance, options: DevelopmentProviderOptions) {
  const { db, issuer, publicUrl, audience, clientId } = options;
  const redirectHosts = new Set([publicUrl, publicUrl.replace('://localhost', '://127.0.0.1')]);
  const provider = new Provider(issuer, {
    clients: providerClients(clientId, redirectHosts),
    jwks: { keys: [options.signingKey as never] },
    cookies: { keys: [options.cookieSecret] },
    pkce: { required: () => true, methods: ['S256'] },
    // The web app calls the token endpoint from its own origin only.
    clientBasedCORS: (_ctx, origin) => redirectHosts.has(origin),
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email'],
    },
    features: providerFeatures(audience, options.accessTokenTtlSeconds),
    findAccount: findAccount(db),
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    ttl: {
      Interaction: 600,
      Session: 12 * 3600,
      Grant: 12 * 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
      ClientCredentials: options.accessTokenTtlSeconds,
    },
    renderError: renderError(publicUrl),
  });
  provider.proxy = true;
  const callback = provider.callback();

  app.get('/dev-sign-in/styles.css', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/css').send(styles),
  );
  app.get('/dev-sign-in/auto-submit.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript').send("document.getElementById('op.logoutForm').submit();"),
  );

  await app.register(async (scope) => {
    // The provider reads its own request bodies: hand it the untouched stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.get('/oidc/interaction/:uid', { schema: { hide: true } }, showInteraction(provider, db, clientId));

    scope.post(
      '/oidc/interaction/:uid/login',
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { hide: true } },
      signIn(provider, db),
    );

    const forward = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice('/oidc'.length) || '/';
      void callback(raw, reply.raw);
    };
    // Sign-in is a favourite target for guessing: bound it per client address.
    const signInLimit = { rateLimit: { max: 1000, timeWindow: '1 minute' } };
    scope.all('/oidc', { config: signInLimit, schema: { hide: true } }, forward);
    scope.all('/oidc/*', { config: signInLimit, schema: { hide: true } }, forward);
  });
}

export default fp(developmentIdentityProvider, { name: 'development-identity-provider' });

export function newCookieSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}
