import { lazy, Suspense } from "react";
import { useTeamPoll } from "./useTeamPoll";

// The card's code (and its styles) load only when the team has a poll running: most boards have none.
const BoardPoll = lazy(() => import("./BoardPoll"));

/** Where the team's live poll goes on the board: nothing at all while there is none. */
export function BoardPollSlot({ teamId }: { teamId: string }) {
  const teamPoll = useTeamPoll(teamId);
  if (!teamPoll.poll) return null;
  return (
    <Suspense fallback={null}>
      <BoardPoll {...teamPoll} />
    </Suspense>
  );
}
