import { createHash, randomUUID } from "node:crypto";
import type { Executor } from "../src/platform/db.js";

/**
 * The demo's live polls, so a moderator's Polls tab and the room have something to show: in the
 * first team, a closed poll with its results shown and two drafts ready for the next all-hands.
 * The seeded votes stand for no demo person: their voter hashes are random (a real vote's hash is
 * keyed by the server's secret), so every demo account can still vote on a poll it reopens.
 */
interface DemoPollsInput {
  tenantId: string;
  teamId: string;
  createdBy: string | null;
  now: Date;
}

const HOUR_MS = 3_600_000;

export async function seedDemoPolls(trx: Executor, input: DemoPollsInput): Promise<void> {
  const { tenantId, teamId, createdBy, now } = input;
  const option = (text: string) => ({ id: randomUUID(), text });
  const offsite = [option("Thursday"), option("Friday"), option("Monday after the release")];
  const closedId = randomUUID();
  await trx("polls").insert([
    {
      id: closedId,
      tenant_id: tenantId,
      team_id: teamId,
      title: "Which day suits the team offsite?",
      type: "single",
      options: JSON.stringify(offsite),
      status: "closed",
      results_visible: true,
      position: 0,
      created_by: createdBy,
      created_at: new Date(now.getTime() - 30 * HOUR_MS),
      opened_at: new Date(now.getTime() - 26 * HOUR_MS),
      closed_at: new Date(now.getTime() - 25 * HOUR_MS),
    },
    {
      id: randomUUID(),
      tenant_id: tenantId,
      team_id: teamId,
      title: "How confident are you in the plan for next quarter?",
      type: "rating",
      scale_max: 5,
      status: "draft",
      position: 0,
      created_by: createdBy,
      created_at: new Date(now.getTime() - 2 * HOUR_MS),
    },
    {
      id: randomUUID(),
      tenant_id: tenantId,
      team_id: teamId,
      title: "One word for this quarter",
      type: "words",
      status: "draft",
      position: 1,
      created_by: createdBy,
      created_at: new Date(now.getTime() - HOUR_MS),
    },
  ]);
  // 17 votes, most for Friday. They stand for nobody, so their row order tells nothing either.
  const weights = [5, 9, 3];
  const votes = weights.flatMap((count, index) =>
    Array.from({ length: count }, () => ({
      tenant_id: tenantId,
      poll_id: closedId,
      voter_hash: createHash("sha256").update(randomUUID()).digest("base64url"),
      option_ids: JSON.stringify([offsite[index]?.id]),
    })),
  );
  await trx("poll_votes").insert(votes);
}
