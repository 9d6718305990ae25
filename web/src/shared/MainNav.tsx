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

/** The destinations in one line, for a screen wide enough to hold them all. */
export function InlineNav({ destinations }: { destinations: Destination[] }) {
  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {destinations.map((destination) => (
          <li key={destination.to}>
            <NavLink className="nav-item" to={destination.to} dir={destination.written ? "auto" : undefined}>
              {destination.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Whether the header's full row (`measure`: an unseen copy of it at its natural width) fits in
 * `container`, followed on every change of either width (rotation, a new team, a longer name).
 */
export function useFitsInOneLine(container: RefObject<HTMLElement | null>, measure: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const box = container.current;
    const row = measure.current;
    if (!box || !row) return;
    const check = () => {
      const style = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setFits(row.scrollWidth <= room);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    observer.observe(row);
    return () => observer.disconnect();
  }, [container, measure]);
  return fits;
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
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!sheet.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls={sheetId} onClick={() => setOpen((shown) => !shown)}>
        <MenuIcon open={open} />
        <span>Menu</span>
      </button>
      <div ref={sheet} id={sheetId} className="nav-sheet" hidden={!open}>
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
