import { z } from "zod";
import type { LiveEventOf } from "../../platform/live-events.schemas.js";
import { pollEventSchemas } from "../polls/polls.events.schemas.js";
import { questionEventSchemas } from "../questions/questions.events.schemas.js";

/**
 * Every live event a stream of `GET /events` can carry (CONTRACT §4): the modules' event schemas,
 * gathered for the stream's documentation (`/asyncapi.json`) and the web app's handlers.
 */
export const liveEventSchemas = {
  ...questionEventSchemas,
  ...pollEventSchemas,
};

/** Written by the stream itself every 30 s, never published: it repeats the stream's position. */
export const heartbeatEventSchema = z
  .strictObject({ timestamp: z.number().int() })
  .describe("The stream is alive; its `id:` is the stream's position. Sent every 30 s while nothing else is.");

export const streamEventSchemas = { ...liveEventSchemas, heartbeat: heartbeatEventSchema };

/** One message of the stream as a client parses its `data:` line. */
export type LiveEvent = LiveEventOf<typeof streamEventSchemas>;
export type LiveEventType = LiveEvent["type"];
