/**
 * The auth module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { oauthRoutes } from "./auth.oauth.routes.js";
export { createOAuthService } from "./auth.oauth.service.js";
export { createOAuthStrategies } from "./auth.oauth.strategies.js";
export { authRoutes } from "./auth.routes.js";
export { createAuthService } from "./auth.service.js";
export { companySignInRoutes } from "./auth.sso.routes.js";
export { createOidcClients } from "./auth.oidc.client.js";
export { oidcRoutes } from "./auth.oidc.routes.js";
export { samlRoutes } from "./auth.saml.routes.js";
export { createSamlService } from "./auth.saml.service.js";
