import type { RequestContext } from "../../platform/context.js";
import { lockTeam, setQueueFrozen, type TeamRecord } from "../teams/index.js";
import { runLocked, type CommandDeps } from "./questions.command.js";

/** Freezes or unfreezes a team's queue (a frozen queue accepts no new questions); no change, no audit or event. */
export function freezeTeamQueue(deps: CommandDeps, ctx: RequestContext, { id: teamId }: TeamRecord, frozen: boolean): Promise<TeamRecord> {
  const tenantId = ctx.tenant.id;
  return runLocked(
    deps,
    ctx,
    (trx) => lockTeam(trx, tenantId, teamId),
    "Team",
    async (locked, { trx, now }) => {
      if (locked.queueFrozen === frozen) return { record: locked };
      return {
        record: await setQueueFrozen(trx, tenantId, teamId, frozen, now),
        audit: [
          {
            action: "question.freeze",
            entityType: "team",
            entityId: teamId,
            before: { queueFrozen: locked.queueFrozen },
            after: { queueFrozen: frozen },
            metadata: { scope: "queue" },
          },
        ],
        afterCommit: () => deps.events.queueFrozen(tenantId, teamId, frozen),
      };
    },
  );
}
