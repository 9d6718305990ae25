import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { Database } from "../../platform/db.js";
import { listTeams } from "./teams.repository.js";
import { teamSchema } from "./teams.schemas.js";

export function teamReadRoutes(deps: { db: Database }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/teams",
      tag: "Teams",
      summary: "Teams of the tenant",
      access: "qa.read",
      response: z.array(teamSchema),
      handler: ({ ctx }) => listTeams(deps.db, ctx.tenant.id),
    }),
  ];
}
