/**
 * The tags module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { findTag, insertDefaultTags } from "./tags.repository.js";
export { tagAdminRoutes, tagReadRoutes } from "./tags.routes.js";
export { tagSchema } from "./tags.schemas.js";
export { createTagService } from "./tags.service.js";
