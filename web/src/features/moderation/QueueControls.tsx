import { Link } from "react-router";
import { useState } from "react";
import { errorMessage } from "../../shared/api";
import type { Team } from "../../shared/sessionApi";
import { Notice } from "../../shared/ui";
import { freezeTeamQueue } from "./api";
import type { Notify } from "./QuestionTools";

/**
 * Whether each team takes new questions, stated as a status ("Open: people can ask"), and a button
 * named for what it will do: "Pause new questions" stops the ask form on every board of
 * the team (POST /teams/:id/freeze) while voting and answers go on. The session follows the
 * live event, so the state shown here is the server's.
 */
export function QueueControls({ teams, notify }: { teams: Team[]; notify: Notify }) {
  const [error, setError] = useState<string | null>(null);
  const setPaused = async (team: Team, paused: boolean) => {
    setError(null);
    try {
      await freezeTeamQueue(team.id, paused);
      notify(paused ? `New questions paused in ${team.name}` : `New questions resumed in ${team.name}`, async () => {
        await freezeTeamQueue(team.id, !paused);
      });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <section aria-labelledby="queue-controls" className="card queue-controls">
      <h2 id="queue-controls">New questions</h2>
      <ul className="plain-list">
        {teams.map((team) => (
          <li key={team.id} className="row queue-row">
            <span className="queue-state">
              <strong dir="auto">{team.name}</strong>{" "}
              {team.queueFrozen ? (
                <span className="pill queue-pill queue-pill-paused">Paused: nobody can ask until you resume</span>
              ) : (
                <span className="pill queue-pill queue-pill-open">Open: people can ask</span>
              )}
            </span>
            <button type="button" className="button-small button-secondary" onClick={() => void setPaused(team, !team.queueFrozen)}>
              {team.queueFrozen ? "Resume new questions" : "Pause new questions"}
              <span className="visually-hidden"> in {team.name}</span>
            </button>
            <Link to={`/${team.slug}/open/present`}>
              Present<span className="visually-hidden"> {team.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="hint">Pausing stops new questions in a team at once; votes and answers go on.</p>
      {error && <Notice kind="error">{error}</Notice>}
    </section>
  );
}
