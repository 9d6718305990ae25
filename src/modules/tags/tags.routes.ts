import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { Database } from "../../platform/db.js";
import { listTags } from "./tags.repository.js";

export const tagSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string(), createdAt: z.string() });

export function tagReadRoutes(deps: { db: Database }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/tags",
      tag: "Tags",
      summary: "Tags of the tenant",
      access: "qa.read",
      response: z.array(tagSchema),
      handler: ({ ctx }) => listTags(deps.db, ctx.tenant.id),
    }),
  ];
}
