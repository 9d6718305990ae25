import { Suspense, useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { onBusy } from "./api";
import { ColorSchemeSwitch } from "./ColorScheme";
import { LIVE_STATUS_LABEL } from "./live";
import { InlineNav, NavMenu, useDestinations, useHeaderFit } from "./MainNav";
import { atLeast, useLiveStatus, useSession } from "./session";
import type { Role } from "./sessionApi";
import { Loading } from "./ui";
import { useMediaQuery } from "./useMediaQuery";

/** Phones: the header's row holds the mark, the live dot, the account and the Menu. */
const PHONE = "(max-width: 50rem)";

function LiveIndicator() {
  const status = useLiveStatus();
  if (status === "off") return null;
  return (
    <span className={`live-indicator live-${status}`} title="Live updates">
      <span className="live-dot" aria-hidden="true" />
      <span className="live-label">{LIVE_STATUS_LABEL[status]}</span>
    </span>
  );
}

/** "Alice Martin" → "AM": the account link on a phone's one-line header. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0] ?? "");
  return (letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? "?")).toUpperCase();
}

export function Layout() {
  const { me, settings, tenantName, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  // The demo sign-in lands with ?demo=true; the start page uses it, elsewhere it only clutters the address.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (location.pathname === "/" || !params.has("demo")) return;
    params.delete("demo");
    const query = params.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ""}`, { replace: true });
  }, [location.pathname, location.search, navigate]);

  // Move focus to the new page's heading after client-side navigation (not on the first load,
  // where Tab must reach the skip link first).
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (firstPath.current === location.pathname) return;
    firstPath.current = "";
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading && document.activeElement === document.body) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  }, [location.pathname]);

  const returnTo = encodeURIComponent(location.pathname + location.search);
  const { teams: teamLinks, tools } = useDestinations();
  const inner = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  // A phone always has the Menu; a wider screen has it only when the one-line row would not fit.
  const phone = useMediaQuery(PHONE);
  const fit = useHeaderFit(inner, measure);
  const liveStatus = useLiveStatus();
  const compact = fit.compact || phone;
  const onLoginPage = location.pathname === "/login";
  const brand = (
    <Link to="/" className="brand">
      {settings.branding.logoUrl ? (
        <img src={settings.branding.logoUrl} alt={`${tenantName ?? "Organisation"} logo`} className="brand-logo" />
      ) : (
        <span className="brand-mark" aria-hidden="true">
          Q&amp;A
        </span>
      )}
      <span className="brand-name" dir="auto">
        {tenantName ?? "Team Q&A"}
      </span>
    </Link>
  );
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={compact ? "app-header is-compact" : "app-header"}>
        <div className="header-inner" ref={inner}>
          {brand}
          {!compact && <InlineNav teams={teamLinks} tools={tools} teamsShown={fit.teamsShown} />}
          <div className="header-user">
            <LiveIndicator />
            {me ? (
              <>
                <Link to="/account" className="user-name" title="Your account and API tokens">
                  <span className="user-initials" aria-hidden="true">
                    {initials(me.user.name)}
                  </span>
                  <span className="user-full">
                    <span className="user-full-name" dir="auto" title={me.user.name}>
                      {me.user.name}
                    </span>{" "}
                    <span className="role-badge">{me.user.role}</span>
                  </span>
                </Link>
                {/* With the Menu, signing out is in its sheet: the header stays one line. */}
                {!compact && (
                  <button type="button" className="button-secondary header-signout" onClick={() => void signOut()}>
                    Sign out
                  </button>
                )}
              </>
            ) : (
              !onLoginPage && (
                <Link className="button header-signin" to={`/login?returnTo=${returnTo}`}>
                  Sign in
                </Link>
              )
            )}
            <ColorSchemeSwitch />
            {compact && (
              <NavMenu teams={teamLinks} tools={tools} signedIn={Boolean(me)} showSignIn={!onLoginPage} returnTo={returnTo} onSignOut={() => void signOut()} />
            )}
          </div>
        </div>
        {/* The full row at its natural width, unseen: whether it fits decides between the row and the Menu. */}
        <div className="header-measure" aria-hidden="true">
          {/* Its words are drawn from data-text by CSS: no second copy of the header's text for anything that reads the page. */}
          <div className="header-measure-row" ref={measure}>
            <span className="brand" data-part="brand">
              {settings.branding.logoUrl ? (
                <img src={settings.branding.logoUrl} alt="" className="brand-logo" />
              ) : (
                <span className="brand-mark" data-text="Q&A" />
              )}
              <span className="brand-name" data-text={tenantName ?? "Team Q&A"} />
            </span>
            <ul className="main-nav-measure">
              {teamLinks.map((destination) => (
                <li key={destination.to} className="nav-item" data-part="team" data-text={destination.label} />
              ))}
              <li className="nav-item" data-part="more" data-text="More teams ▾" />
              {tools.map((destination) => (
                <li key={destination.to} className="nav-item" data-part="tool" data-text={destination.label} />
              ))}
            </ul>
            <span className="header-measure-user" data-part="user">
              {liveStatus !== "off" && <span className="live-label" data-text={LIVE_STATUS_LABEL[liveStatus]} />}
              {me ? (
                <>
                  <span>
                    <span className="user-full-name" data-text={me.user.name} /> <span className="role-badge" data-text={me.user.role} />
                  </span>
                  <span className="button button-secondary" data-text="Sign out" />
                </>
              ) : (
                <span className="button" data-text="Sign in" />
              )}
              <span className="measure-scheme-switch">
                <span className="scheme-switch-icon" />
                <span data-text="System" />
              </span>
            </span>
          </div>
        </div>
      </header>
      <main id="main" className="app-main">
        <SessionEnded />
        <BusyNotice />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <div id="announcer" className="visually-hidden" aria-live="polite" aria-atomic="true" />
    </>
  );
}

/** Shown only while a request has been waiting out a busy server for a while (api.ts retries it by itself). */
function BusyNotice() {
  const [busy, setBusy] = useState(false);
  useEffect(() => onBusy(setBusy), []);
  if (!busy) return null;
  return (
    <div className="notice" role="status">
      Busy right now, retrying…
    </div>
  );
}

function SessionEnded() {
  const status = useLiveStatus();
  const location = useLocation();
  if (status !== "expired") return null;
  return (
    <div className="notice notice-warning" role="alert">
      Your session has ended. <a href={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}>Sign in again</a> to keep going.
    </div>
  );
}

export function NotFound({ what = "page" }: { what?: string }) {
  return (
    <section className="card narrow">
      <h1>Not found</h1>
      <p>This {what} does not exist, or you cannot see it.</p>
      <p>
        <Link to="/">Back to the start page</Link>
      </p>
    </section>
  );
}

export function RequireRole({ min, children }: { min: Exclude<Role, "owner">; children: React.ReactNode }) {
  const { me } = useSession();
  const location = useLocation();
  if (!me) {
    return (
      <section className="card narrow">
        <h1>Sign in required</h1>
        <p>
          <Link className="button" to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}>
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  if (!atLeast(me.user.role, min)) {
    return (
      <section className="card narrow">
        <h1>Not allowed</h1>
        <p>
          This page needs the {min} role; you are signed in as {me.user.role}.
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
