import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { atLeast, useCanModerate, useSession } from "./session";
import "./nav.css";

/** A place of the app the header leads to: the teams' boards first, then the tools of the role. */
export interface Destination {
  to: string;
  label: string;
  /** A team's name, written by people: isolated as the text of its own direction. */
  written?: boolean;
}

/** Every destination of the caller's role, in the header's order. */
export function useDestinations(): { teams: Destination[]; tools: Destination[] } {
  const { me, teams } = useSession();
  const canModerate = useCanModerate()();
  const tools: Destination[] = [];
  if (canModerate) tools.push({ to: "/moderation/queue", label: "Moderation" });
  if (me) tools.push({ to: "/pulse", label: "Pulse" });
  if (atLeast(me?.user.role, "admin")) tools.push({ to: "/admin", label: "Admin" });
  return { teams: teams.map((team) => ({ to: `/${team.slug}`, label: team.name, written: true })), tools };
}

/**
 * The destinations in one line: the tools of the role and the teams that fit; the other teams
 * under "More teams" (or "Teams" when none fits), so the row never wraps or clips.
 */
export function InlineNav({ teams, tools, teamsShown }: { teams: Destination[]; tools: Destination[]; teamsShown: number }) {
  const hidden = teams.slice(teamsShown);
  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {teams.slice(0, teamsShown).map((destination) => (
          <li key={destination.to}>
            <NavLink className="nav-item" to={destination.to} dir="auto">
              {destination.label}
            </NavLink>
          </li>
        ))}
        {hidden.length > 0 && (
          <li className="nav-more">
            <MoreTeams teams={hidden} label={teamsShown > 0 ? "More teams" : "Teams"} />
          </li>
        )}
        {tools.map((destination) => (
          <li key={destination.to}>
            <NavLink className="nav-item" to={destination.to}>
              {destination.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A disclosure's state: Esc (focus back on its button), a tap outside or a new page closes it. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  return { open, toggle: () => setOpen((shown) => !shown), button, panel };
}

function MoreTeams({ teams, label }: { teams: Destination[]; label: string }) {
  const { open, toggle, button, panel } = useDisclosure();
  const panelId = useId();
  const location = useLocation();
  const current = teams.some((team) => location.pathname === team.to);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={current ? "nav-item nav-more-button active" : "nav-item nav-more-button"}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <div ref={panel} id={panelId} className="nav-more-panel" hidden={!open}>
        <SheetLinks destinations={teams} />
      </div>
    </>
  );
}

/** How many teams the one-line row shows, or `compact` (the Menu) when even the tools do not fit. */
export interface HeaderFit {
  compact: boolean;
  teamsShown: number;
}

/**
 * Fits the header's row into `container` from `measure`, an unseen copy of the full row at its
 * natural width whose parts are marked `data-part` (brand, team, more, tool, user); followed on
 * every change of either (rotation, a new team, a longer name).
 */
export function useHeaderFit(container: RefObject<HTMLElement | null>, measure: RefObject<HTMLElement | null>): HeaderFit {
  const [fit, setFit] = useState<HeaderFit>({ compact: false, teamsShown: Number.MAX_SAFE_INTEGER });
  useLayoutEffect(() => {
    const box = container.current;
    const row = measure.current;
    if (!box || !row) return;
    const check = () => {
      const style = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const rowGap = parseFloat(getComputedStyle(row).columnGap) || 0;
      const widths = (part: string) => [...row.querySelectorAll<HTMLElement>(`[data-part="${part}"]`)].map((element) => element.getBoundingClientRect().width);
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      const navGap = 4;
      const teams = widths("team");
      let left = room - sum(widths("brand")) - sum(widths("user")) - 2 * rowGap - sum(widths("tool").map((width) => width + navGap));
      if (sum(teams.map((width) => width + navGap)) <= left) return setFit({ compact: false, teamsShown: teams.length });
      left -= sum(widths("more")) + navGap;
      if (left < 0) return setFit({ compact: true, teamsShown: 0 });
      let shown = 0;
      while (shown < teams.length && (teams[shown] ?? 0) + navGap <= left) {
        left -= (teams[shown] ?? 0) + navGap;
        shown += 1;
      }
      setFit({ compact: false, teamsShown: shown });
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    observer.observe(row);
    return () => observer.disconnect();
  }, [container, measure]);
  return fit;
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

interface MenuProps {
  teams: Destination[];
  tools: Destination[];
  signedIn: boolean;
  /** Not on the sign-in page itself. */
  showSignIn: boolean;
  returnTo: string;
  onSignOut: () => void;
}

/**
 * The header's Menu button and the sheet it opens under the header: every destination of the role
 * as a full-width row, then the account. A disclosure (not an ARIA menu): its links are read and
 * tabbed through as links. Esc, a tap outside or a new page closes it.
 */
export function NavMenu({ teams, tools, signedIn, showSignIn, returnTo, onSignOut }: MenuProps) {
  const { open, toggle, button, panel } = useDisclosure();
  const sheetId = useId();

  return (
    <>
      <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls={sheetId} onClick={toggle}>
        <MenuIcon open={open} />
        <span>Menu</span>
      </button>
      <div ref={panel} id={sheetId} className="nav-sheet" hidden={!open}>
        <nav aria-label="Main">
          {teams.length > 0 && (
            <>
              <h2 className="nav-sheet-heading">Teams</h2>
              <SheetLinks destinations={teams} />
            </>
          )}
          {tools.length > 0 && <SheetLinks destinations={tools} />}
        </nav>
        <div className="nav-sheet-account">
          {signedIn ? (
            <>
              <Link className="nav-sheet-link" to="/account">
                Your account
              </Link>
              <button type="button" className="button-secondary" onClick={onSignOut}>
                Sign out
              </button>
            </>
          ) : (
            showSignIn && (
              <Link className="button" to={`/login?returnTo=${returnTo}`}>
                Sign in
              </Link>
            )
          )}
        </div>
      </div>
    </>
  );
}

function SheetLinks({ destinations }: { destinations: Destination[] }) {
  return (
    <ul className="nav-sheet-list">
      {destinations.map((destination) => (
        <li key={destination.to}>
          <NavLink className="nav-sheet-link" to={destination.to} dir={destination.written ? "auto" : undefined}>
            {destination.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
