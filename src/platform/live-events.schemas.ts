import type { z } from "zod";

/**
 * The live events' contract (CONTRACT §4), as types the web app may read too: every event type
 * has one zod schema, declared beside its module's other schemas (`<m>.events.schemas.ts`), and a
 * client receives `{type, tenantId, data, timestamp}` with that type's payload.
 */
export type LiveEventSchemas = Record<string, z.ZodType<Record<string, unknown>>>;

/** What a client receives for one type: CONTRACT §4's envelope with that type's payload. */
export interface LiveEventEnvelope<Type extends string, Data> {
  type: Type;
  tenantId: string;
  data: Data;
  timestamp: number;
}

/** Every event of a catalog, as a union the client can narrow on `type`. */
export type LiveEventOf<Schemas extends LiveEventSchemas> = {
  [Type in keyof Schemas & string]: LiveEventEnvelope<Type, z.infer<Schemas[Type]>>;
}[keyof Schemas & string];
