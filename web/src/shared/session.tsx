import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { roleAtLeast } from "@server/platform/roles.constants";
import { DEFAULT_TENANT_SETTINGS } from "@server/platform/tenant-settings.constants";
import { resetCsrf } from "./api";
import { live, type LiveEvent, type LiveStatus } from "./live";
import {
  getAuthModes,
  getSession,
  getTenant,
  listTeams,
  logout,
  type AuthModes,
  type Me,
  type PublicSettings,
  type Role,
  type Team,
  type TenantSettings,
} from "./sessionApi";
import { applyBranding, DEFAULT_BRANDING, type Branding } from "./theme";

/** The public part of the full settings an admin just saved. */
export function fromFullSettings(full: TenantSettings): PublicSettings {
  return { questions: full.questions, features: full.features, branding: full.branding, pulse: { enabled: full.pulse.enabled } };
}

/** The server's defaults, until GET /tenant answers (or if it cannot). */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = fromFullSettings(DEFAULT_TENANT_SETTINGS);

/**
 * What every screen needs about the caller and the tenant: who is signed in, which sign-in modes
 * exist, the teams, and the settings the UI must follow (question bounds, anonymous questions,
 * branding), from the public `GET /tenant`.
 */
interface SessionValue {
  me: Me | null;
  modes: AuthModes;
  teams: Team[];
  settings: PublicSettings;
  tenantName: string | null;
  /** Where people reach this tenant's app (GET /tenant `address`), or the address this page was opened at. */
  tenantAddress: string;
  /** Teams where the user holds moderator powers (CONTRACT §2), from GET /auth/session; admins moderate every team. */
  moderatedTeamIds: string[];
  /** Reload teams (after an admin change, or a queue freeze event). */
  refreshTeams(): Promise<void>;
  /** Apply settings the admin just saved without a reload. */
  setSettings(settings: PublicSettings): void;
  signOut(): Promise<void>;
}

/** What the provider loads and holds; the rest of SessionValue is what it offers to change it. */
type SessionState = Omit<SessionValue, "refreshTeams" | "setSettings" | "signOut">;

const SessionContext = createContext<SessionValue | null>(null);
const BRANDING_CACHE = "qa.branding";

const NO_MODES: AuthModes = {
  modes: [],
  demo: { enabled: false, users: [] },
  oauth: { github: false, google: false },
  sso: { required: false, oidc: null, saml: null },
};

/** True when a role (none for a visitor) ranks at least `minimum`, by the server's ranking. */
export function atLeast(role: Role | undefined, minimum: Role): boolean {
  return role !== undefined && roleAtLeast(role, minimum);
}

export function cachedBranding(): Branding {
  try {
    const cached = localStorage.getItem(BRANDING_CACHE);
    return cached ? { ...DEFAULT_BRANDING, ...(JSON.parse(cached) as Branding) } : DEFAULT_BRANDING;
  } catch {
    return DEFAULT_BRANDING;
  }
}

/** The organisation's public settings (GET /tenant); the last branding seen if the server cannot answer. */
async function loadSettings(): Promise<{ settings: PublicSettings; tenantName: string | null; tenantAddress: string }> {
  try {
    const tenant = await getTenant();
    return {
      settings: { ...DEFAULT_PUBLIC_SETTINGS, ...tenant.settings },
      tenantName: tenant.name ?? null,
      tenantAddress: tenant.address ?? window.location.origin,
    };
  } catch {
    return { settings: { ...DEFAULT_PUBLIC_SETTINGS, branding: cachedBranding() }, tenantName: null, tenantAddress: window.location.origin };
  }
}

export function SessionProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [state, setState] = useState<SessionState | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      // Independent reads, in parallel: the first paint waits for the slowest one only.
      // /auth/session answers a visitor with 200 `me: null`, so a visitor's console shows no refused request.
      const [modes, { me, memberships }, teams, loaded] = await Promise.all([
        getAuthModes().catch(() => NO_MODES),
        getSession().catch(() => ({ me: null, memberships: [] })),
        listTeams().catch(() => [] as Team[]),
        loadSettings(),
      ]);
      const moderatedTeamIds = memberships.filter((membership) => membership.canModerate).map((membership) => membership.teamId);
      if (!cancelled) setState({ me, modes, teams, ...loaded, moderatedTeamIds });
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const branding = state?.settings.branding;
  useEffect(() => {
    if (!branding) return;
    applyBranding(branding);
    try {
      localStorage.setItem(BRANDING_CACHE, JSON.stringify(branding));
    } catch {
      // Private mode: the theme still applies, it just flashes the default on the next load.
    }
  }, [branding]);

  // undefined until the session is known; null for a visitor (who polls instead of streaming).
  const liveTenant = state ? (state.me ? state.me.tenantSlug : null) : undefined;
  useEffect(() => {
    if (liveTenant === undefined) return;
    live.connect(liveTenant);
  }, [liveTenant]);

  // A frozen or unfrozen queue changes the team record every screen shows.
  useEffect(
    () =>
      live.onEvent((event) => {
        if (event.type !== "question:frozen") return;
        const data = event.data;
        if (data.scope === "queue") {
          setState((current) =>
            current ? { ...current, teams: current.teams.map((team) => (team.id === data.teamId ? { ...team, queueFrozen: data.frozen } : team)) } : current,
          );
        }
      }),
    [],
  );

  const refreshTeams = useCallback(async () => {
    const teams = await listTeams().catch(() => null);
    if (teams) setState((current) => (current ? { ...current, teams } : current));
  }, []);

  const setSettings = useCallback((settings: PublicSettings) => setState((current) => (current ? { ...current, settings } : current)), []);

  const signOut = useCallback(async () => {
    await logout().catch(() => undefined);
    resetCsrf();
    live.disconnect();
    window.location.assign("/");
  }, []);

  const value = useMemo(() => (state ? { ...state, refreshTeams, setSettings, signOut } : null), [state, refreshTeams, setSettings, signOut]);
  if (!value) return <>{fallback}</>;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

/**
 * Whether the user moderates a team (answer, tag, pin, freeze, present), or any team when none is
 * named: admins and owners everywhere, moderators in their own teams (CONTRACT §2).
 */
export function useCanModerate(): (teamId?: string) => boolean {
  const { me, moderatedTeamIds } = useSession();
  return useCallback(
    (teamId?: string) => atLeast(me?.user.role, "admin") || (teamId ? moderatedTeamIds.includes(teamId) : moderatedTeamIds.length > 0),
    [me, moderatedTeamIds],
  );
}

/** True when the signed-in user's tenant role is at least `role`. */
export function useRoleAtLeast(role: Role): boolean {
  const { me } = useSession();
  return atLeast(me?.user.role, role);
}

export function useLiveEvents(handler: (event: LiveEvent) => void, onResync?: () => void): void {
  useEffect(() => live.onEvent(handler), [handler]);
  useEffect(() => (onResync ? live.onResync(onResync) : undefined), [onResync]);
}

export function useLiveStatus(): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(live.status);
  useEffect(() => {
    const unsubscribe = live.onStatus(setStatus);
    // The status may have moved between this render and the subscription.
    setStatus(live.status);
    return unsubscribe;
  }, []);
  return status;
}
