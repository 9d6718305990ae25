import type { z } from "zod";
import type { EventBus, PublishedEvent } from "./events.js";
import type { LiveEventSchemas } from "./live-events.schemas.js";

/**
 * The only typed way onto the event bus: nothing is published that does not match its type's
 * schema (live-events.schemas.ts). The bus itself carries plain envelopes.
 */

/** A payload that does not match its type's schema: a defect of the emitting code, never sent. */
export class LiveEventRefused extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`live event ${eventType} refused: ${issues.map((issue) => `${issue.path.join(".") || "(payload)"} ${issue.message}`).join("; ")}`);
    this.name = "LiveEventRefused";
  }
}

export type PublishLiveEvent<Schemas extends LiveEventSchemas> = <Type extends keyof Schemas & string>(
  tenantId: string,
  type: Type,
  data: z.input<Schemas[Type]>,
) => Promise<PublishedEvent>;

/**
 * Publishes events of one catalog. The payload's type is the schema's (a wrong field does not
 * compile), and the payload is parsed again before it goes out: strict schemas refuse a field
 * that was not declared, so an author or a sealed score cannot ride along unnoticed.
 */
export function liveEventPublisher<Schemas extends LiveEventSchemas>(bus: EventBus, schemas: Schemas): PublishLiveEvent<Schemas> {
  return async (tenantId, type, data) => {
    const schema = schemas[type];
    if (!schema) throw new LiveEventRefused(type, [{ code: "custom", path: [], message: "is not a declared event type", input: type }]);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new LiveEventRefused(type, parsed.error.issues);
    return bus.publish({ type, tenantId, data: parsed.data });
  };
}
