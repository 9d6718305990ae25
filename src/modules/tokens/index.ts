/**
 * The tokens module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { listLiveTokenIds } from "./tokens.repository.js";
export { tokenRoutes } from "./tokens.routes.js";
export { createTokenService, hashToken, mintTokenSecret } from "./tokens.service.js";
