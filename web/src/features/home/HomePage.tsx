import { Link, Navigate, useSearchParams } from "react-router";
import { atLeast, useCanModerate, useSession } from "../../shared/session";
import { Notice } from "../../shared/ui";

/** Start page: the teams of the organisation, or the way to sign in. */
export function HomePage() {
  const { me, teams, settings } = useSession();
  const canModerate = useCanModerate();
  const [params] = useSearchParams();
  // Straight to one's own team board after signing in.
  const primary = me && teams.find((team) => team.id === me.user.primaryTeamId);
  if (params.get("demo") === "true" && primary) return <Navigate to={`/${primary.slug}`} replace />;

  return (
    <section className="home">
      <h1>{me ? `Welcome, ${me.user.name.split(" ")[0]}` : "Team Q&A"}</h1>
      {!me && (
        <Notice>
          {settings.features.allowAnonymousQuestions ? "You can read and ask questions without signing in. " : "Sign in to read and ask questions. "}
          <Link to="/login">Sign in</Link> to upvote and follow along live.
        </Notice>
      )}
      {teams.length > 0 ? (
        <>
          <h2>Teams</h2>
          <ul className="team-grid">
            {teams.map((team) => (
              <li key={team.id} className="card team-card">
                <h3>
                  <Link to={`/${team.slug}`} dir="auto">
                    {team.name}
                  </Link>
                </h3>
                {team.description && <p dir="auto">{team.description}</p>}
                {team.queueFrozen && <p className="badge badge-warning">New questions paused</p>}
                {canModerate(team.id) && (
                  <p>
                    <Link to={`/${team.slug}/open/present`}>
                      Present <span dir="auto">{team.name}</span>
                    </Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        me && (
          <p>
            No teams yet.
            {atLeast(me.user.role, "admin") && (
              <>
                {" "}
                Create one in <Link to="/admin/teams">Admin › Teams</Link>.
              </>
            )}
          </p>
        )
      )}
    </section>
  );
}
