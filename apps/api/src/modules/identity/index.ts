/** What the identity module offers the rest of the API; nothing else of it is imported from outside. */
export { hasAccess, requireAccess, type Permission } from './access.js';
export { integrationMessages, isIntegrationUrl, principalOf } from './authentication-plugin.js';
export { createTokenVerifier, principalName, resolveIntegrationClient, type Principal } from './identity.js';
export { actsAsClinician, integrationPrincipal } from './principal.js';
export { PrincipalCache } from './principal-cache.js';
export { loadDevelopmentSecrets, type DevelopmentSecrets } from './signing-keys.js';
export { default as authentication } from './authentication-plugin.js';
export { default as authorization } from './authorization-plugin.js';
export { default as developmentIdentityProvider } from './development-identity-provider.js';
export { pathwayTargetOf, type PathwayTarget } from './pathway-target.js';
