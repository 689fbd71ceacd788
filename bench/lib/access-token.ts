import crypto from 'node:crypto';
import { SignJWT, importJWK, type JWK } from 'jose';

/**
 * A development access token for `userId`, signed with the key the server at `baseUrl` verifies with
 * (as test/helper.ts does): no sign-in flow, for benchmarks that measure the lists, not the sign-in.
 */
export async function developmentAccessToken(baseUrl: string, signingKey: JWK, userId: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: 'elective-surgical-risk-web', scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid! })
    .setIssuer(`${baseUrl}/oidc`)
    .setAudience('api://elective-surgical-risk')
    .setSubject(userId)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now - 5)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(signingKey, 'RS256'));
}

/** The authorization header of a request made as `userId` (see developmentAccessToken). */
export async function developmentAuthorization(baseUrl: string, signingKey: JWK, userId: string) {
  return { authorization: `Bearer ${await developmentAccessToken(baseUrl, signingKey, userId)}` };
}
