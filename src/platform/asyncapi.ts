import { z } from "zod";
import type { LiveEventSchemas } from "./live-events.schemas.js";

export interface AsyncApiInfo {
  title: string;
  version: string;
  /** The service's public address (BASE_URL): the stream is `GET <serverUrl>/events`. */
  serverUrl: string;
}

const STREAM_DESCRIPTION = [
  "The tenant's live events as Server-Sent Events (`GET /events`, `Accept: text/event-stream`), for a signed-in user (session cookie) or an API token.",
  "Each message is `id: <n>` (monotonic per tenant) and `data: <json>`, the JSON being one of the messages below: `{type, tenantId, data, timestamp}`.",
  "The stream's first message carries `id:` (the tenant's latest event id) and `retry:`; reconnect with `Last-Event-ID` (or `?lastEventId=`) to receive what was missed.",
  "A stream ends within 5 s of what opened it (logout, session expiry, deactivation or deletion of the user, revocation or expiry of the token); at most 20 streams per user.",
  "Nothing of a question under review and no anonymous author is ever sent.",
].join("\n\n");

/** `question:created` -> `questionCreated`: AsyncAPI's component keys allow no colon. */
const messageKey = (type: string) => type.replace(/[:.-](\w)/g, (_, letter: string) => letter.toUpperCase());

function payloadOf(type: string, schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...data } = z.toJSONSchema(schema, { target: "draft-7", io: "output" }) as Record<string, unknown>;
  return {
    type: "object",
    additionalProperties: false,
    required: ["type", "tenantId", "data", "timestamp"],
    properties: {
      type: { type: "string", const: type },
      tenantId: { type: "string", format: "uuid" },
      data,
      timestamp: { type: "integer", description: "When the event was published, in milliseconds since the epoch" },
    },
  };
}

/**
 * The live events as an AsyncAPI 3.1 document (served at /asyncapi.json), built from the same zod
 * schemas that refuse a payload before it is published, so the document cannot drift from what
 * is sent.
 */
export function buildAsyncApiDocument(schemas: LiveEventSchemas, info: AsyncApiInfo) {
  const server = new URL(info.serverUrl);
  const types = Object.keys(schemas);
  const messages = Object.fromEntries(
    types.map((type) => {
      const schema = schemas[type] as z.ZodType;
      return [
        messageKey(type),
        {
          name: type,
          title: type,
          summary: schema.description ?? type,
          contentType: "application/json",
          payload: payloadOf(type, schema),
        },
      ];
    }),
  );
  return {
    asyncapi: "3.1.0",
    info: {
      title: `${info.title}: live events`,
      version: info.version,
      description: "What a client of `GET /events` receives (CONTRACT §4). The HTTP API itself is described at `/openapi.json`.",
    },
    defaultContentType: "application/json",
    servers: {
      service: {
        host: server.host,
        protocol: server.protocol.replace(/:$/, ""),
        ...(server.pathname !== "/" ? { pathname: server.pathname.replace(/\/$/, "") } : {}),
        description: "The service; the tenant is the session's (or the token's).",
        security: [{ $ref: "#/components/securitySchemes/session" }, { $ref: "#/components/securitySchemes/apiToken" }],
      },
    },
    channels: {
      events: {
        address: "/events",
        title: "The tenant's live events",
        description: STREAM_DESCRIPTION,
        servers: [{ $ref: "#/servers/service" }],
        messages: Object.fromEntries(types.map((type) => [messageKey(type), { $ref: `#/components/messages/${messageKey(type)}` }])),
      },
    },
    operations: {
      receiveEvents: {
        action: "receive",
        title: "Receive the tenant's live events",
        channel: { $ref: "#/channels/events" },
        messages: types.map((type) => ({ $ref: `#/channels/events/messages/${messageKey(type)}` })),
      },
    },
    components: {
      messages,
      securitySchemes: {
        session: { type: "httpApiKey", in: "cookie", name: "qa.sid", description: "The session cookie of a signed-in user" },
        apiToken: { type: "http", scheme: "bearer", description: "An API token (`Authorization: Bearer <token>`)" },
      },
    },
  };
}

export type AsyncApiDocument = ReturnType<typeof buildAsyncApiDocument>;
