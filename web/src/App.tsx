import { useEffect, useState } from "react";
import { api, ApiError, type AuthModes, type Me, type Team } from "./api";

function SignIn({ modes }: { modes: AuthModes }) {
  const [tenant, setTenant] = useState("default");
  return (
    <main className="card">
      <h1>Sign in to Team Q&amp;A</h1>
      {modes.demo.enabled && (
        <section aria-labelledby="demo-heading">
          <h2 id="demo-heading">Demo accounts</h2>
          <label>
            Organisation
            <input value={tenant} onChange={(event) => setTenant(event.target.value)} aria-describedby="tenant-help" />
          </label>
          <p id="tenant-help" className="hint">
            Seeded organisations: <code>default</code> and <code>acme</code>.
          </p>
          <ul className="demo-users">
            {modes.demo.users.map((username) => (
              <li key={username}>
                <a className="button" href={`/auth/demo?user=${encodeURIComponent(username)}&tenant=${encodeURIComponent(tenant)}`}>
                  Continue as {username}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(modes.oauth.github || modes.oauth.google) && (
        <section aria-label="Single sign-on">
          {modes.oauth.github && (
            <a className="button" href="/auth/github">
              Sign in with GitHub
            </a>
          )}
          {modes.oauth.google && (
            <a className="button" href="/auth/google">
              Sign in with Google
            </a>
          )}
        </section>
      )}
      {modes.modes.length === 0 && <p>No sign-in mode is enabled on this server.</p>}
    </main>
  );
}

function Home({ me, onSignOut }: { me: Me; onSignOut: () => void }) {
  const [teams, setTeams] = useState<Team[]>([]);
  useEffect(() => {
    api.get<Team[]>("/teams").then(setTeams, () => setTeams([]));
  }, []);
  return (
    <main className="card">
      <header className="row">
        <h1>Team Q&amp;A</h1>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <p>
        Signed in as <strong>{me.user.name}</strong> ({me.user.role}) in <code>{me.tenantSlug}</code>.
      </p>
      <h2>Teams</h2>
      <ul>
        {teams.map((team) => (
          <li key={team.id}>
            <a href={`/${team.slug}`}>{team.name}</a>
            {team.description ? ` — ${team.description}` : ""}
          </li>
        ))}
      </ul>
      <p className="hint">
        API reference: <a href="/docs">/docs</a>
      </p>
    </main>
  );
}

export function App() {
  const [modes, setModes] = useState<AuthModes | null>(null);
  const [me, setMe] = useState<Me | null | undefined>(undefined);

  useEffect(() => {
    api.get<AuthModes>("/auth/modes").then(setModes, () => setModes({ modes: [], demo: { enabled: false, users: [] }, oauth: { github: false, google: false } }));
    api.get<Me>("/auth/me").then(setMe, (error) => setMe(error instanceof ApiError && error.status === 401 ? null : null));
  }, []);

  const signOut = async () => {
    await api.post("/auth/logout");
    api.resetCsrf();
    setMe(null);
  };

  if (me === undefined || !modes) return <main className="card">Loading…</main>;
  return me ? <Home me={me} onSignOut={signOut} /> : <SignIn modes={modes} />;
}
