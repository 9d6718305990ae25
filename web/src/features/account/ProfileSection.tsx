import type { Role } from "@server/platform/roles.constants";
import { Link } from "react-router";
import { useSession } from "../../shared/session";
import { useLoad } from "../../shared/ui";
import { listMyTeams } from "./api";

/** What each role may do, in a few words (the sign-in page says the same). */
const ROLE_NAMES: Record<Role, string> = {
  owner: "Owner",
  admin: "Administrator",
  moderator: "Moderator",
  member: "Member",
  viewer: "Viewer",
};
const TEAM_ROLE_NAMES: Record<string, string> = { moderator: "moderator", member: "member", viewer: "viewer" };

/**
 * Who the person is here: name, e-mail, role and teams. The name and picture come from the
 * GitHub or Google account and are refreshed at each sign-in (SPEC), so they are shown, not edited.
 */
export function ProfileSection() {
  const { me, teams, signOut } = useSession();
  const memberships = useLoad((signal) => listMyTeams(signal), []);
  if (!me) return null;
  const { user } = me;
  const memberOf = (memberships.data ?? []).flatMap((membership) => {
    const team = teams.find((candidate) => candidate.id === membership.teamId);
    return team ? [{ ...team, role: membership.role }] : [];
  });
  return (
    <section className="card account-summary" aria-labelledby="account-heading">
      <h1 id="account-heading">Your account</h1>
      <dl className="profile-list">
        <div>
          <dt>Name</dt>
          <dd dir="auto">{user.name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_NAMES[user.role]}</dd>
        </div>
        <div>
          <dt>Teams</dt>
          <dd>
            {memberships.data && memberOf.length === 0 && "None yet"}
            {memberOf.length > 0 && (
              <ul className="plain-list">
                {memberOf.map((team) => (
                  <li key={team.id}>
                    <Link to={`/${team.slug}`} dir="auto">
                      {team.name}
                    </Link>
                    {team.role !== "member" && <span className="hint"> · {TEAM_ROLE_NAMES[team.role] ?? team.role}</span>}
                    {team.id === user.primaryTeamId && <span className="hint"> · your main team</span>}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <p className="hint">Your name and picture come from the account you sign in with, and are brought up to date each time you sign in.</p>
      <button type="button" className="button-secondary" onClick={() => void signOut()}>
        Sign out
      </button>
    </section>
  );
}
