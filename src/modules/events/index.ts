/**
 * The events module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { eventRoutes } from "./events.routes.js";
export { SseHub } from "./events.sse-hub.js";
export { createStreamGuard } from "./events.stream-guard.js";
export { createStreamSlots } from "./events.stream-slots.js";
export { heartbeatEventSchema, liveEventSchemas, streamEventSchemas, type LiveEvent, type LiveEventType } from "./events.schemas.js";
