import { useSession } from "../../shared/session";

/**
 * "New questions are paused" on every screen of a team whose queue a moderator paused. It reads the
 * team from the session, which follows the live `question:frozen` (scope queue) event, so it comes
 * and goes without a reload. `discreet` is the presenter's one-line note for the big screen.
 */
export function PausedBanner({ teamId, discreet = false }: { teamId: string | undefined; discreet?: boolean }) {
  const { teams } = useSession();
  const team = teams.find((candidate) => candidate.id === teamId);
  if (!team?.queueFrozen) return null;
  if (discreet) return <p className="paused-note">New questions are paused</p>;
  return (
    <div className="paused-banner" role="status">
      <span className="paused-banner-icon" aria-hidden="true">
        ⏸
      </span>
      <span>
        <strong>New questions are paused</strong>{" "}
        <span className="paused-banner-detail">
          in <span dir="auto">{team.name}</span>. Voting and answers go on.
        </span>
      </span>
    </div>
  );
}
