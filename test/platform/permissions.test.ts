import { describe, expect, it } from "vitest";
import type { CurrentUser, RequestContext, Role } from "../../src/platform/context.js";
import { canGrantRole, hasPermission, PERMISSIONS, teamsWithPermission, type Permission } from "../../src/platform/permissions.js";
import { authorize } from "../../src/platform/http/access.js";
import { DEFAULT_TENANT_SETTINGS } from "../../src/platform/tenant-settings.schemas.js";

const TEAM_A = "00000000-0000-4000-8000-00000000000a";
const TEAM_B = "00000000-0000-4000-8000-00000000000b";

function user(role: Role, teamRoles: CurrentUser["teamRoles"] = {}): CurrentUser {
  return { id: "u", tenantId: "t", email: "e", name: "n", role, primaryTeamId: null, avatarUrl: null, teamRoles };
}

function context(current: CurrentUser | null, allowAnonymous = true): RequestContext {
  const settings = structuredClone(DEFAULT_TENANT_SETTINGS);
  settings.features.allowAnonymousQuestions = allowAnonymous;
  return {
    tenant: { id: "t", slug: "t", name: "t" },
    settings,
    user: current,
    requestId: "r",
    ip: null,
    userAgent: null,
    authMethod: current ? "session" : null,
  };
}

/** SPEC's authorisation table (and CONTRACT §2/§8), role by role. */
const EXPECTED: Record<Permission, Role[]> = {
  "qa.read": ["owner", "admin", "moderator", "member", "viewer"],
  "question.submit": ["owner", "admin", "moderator", "member"],
  "question.upvote": ["owner", "admin", "moderator", "member"],
  "question.answer": ["owner", "admin"],
  "presentation.access": ["owner", "admin"],
  "pulse.summary": ["owner", "admin"],
  "poll.manage": ["owner", "admin"],
  "poll.vote": ["owner", "admin", "moderator", "member", "viewer"],
  "admin.access": ["owner", "admin"],
  "audit.view": ["owner", "admin"],
  "data.export": ["owner", "admin"],
  "member.view.all": ["owner", "admin"],
  "member.add": ["owner", "admin"],
  "member.edit": ["owner"],
  "member.remove": ["owner"],
  "team.create": ["owner", "admin"],
};
const ROLES: Role[] = ["owner", "admin", "moderator", "member", "viewer"];

describe("permission matrix", () => {
  it("covers every permission", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  for (const [permission, holders] of Object.entries(EXPECTED) as Array<[Permission, Role[]]>) {
    it(`${permission}: tenant-wide for ${holders.join(", ")}`, () => {
      for (const role of ROLES) expect(hasPermission(user(role), permission), role).toBe(holders.includes(role));
    });
  }

  it("team-scoped powers hold for a moderator only in teams they belong to", () => {
    const moderatorOfA = user("moderator", { [TEAM_A]: "member" });
    expect(hasPermission(moderatorOfA, "question.answer", TEAM_A)).toBe(true);
    expect(hasPermission(moderatorOfA, "question.answer", TEAM_B)).toBe(false);
    expect(hasPermission(moderatorOfA, "presentation.access", TEAM_A)).toBe(true);
    expect(teamsWithPermission(moderatorOfA, "question.answer")).toEqual([TEAM_A]);
  });

  it("a member whose membership role is moderator moderates that team only", () => {
    const teamModerator = user("member", { [TEAM_A]: "moderator", [TEAM_B]: "member" });
    expect(hasPermission(teamModerator, "question.answer", TEAM_A)).toBe(true);
    expect(hasPermission(teamModerator, "question.answer", TEAM_B)).toBe(false);
    expect(hasPermission(user("member", { [TEAM_A]: "member" }), "question.answer", TEAM_A)).toBe(false);
  });

  it("admins and owners act on every team", () => {
    expect(teamsWithPermission(user("admin"), "question.answer")).toBeNull();
    expect(hasPermission(user("owner"), "question.answer", TEAM_B)).toBe(true);
  });

  it("route-level authorisation: 401 for visitors, 403 for the signed-in without the permission", () => {
    expect(() => authorize(context(null), "audit.view")).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => authorize(context(user("member")), "audit.view")).toThrow(expect.objectContaining({ status: 403, code: "FORBIDDEN" }));
    expect(() => authorize(context(user("admin")), "audit.view")).not.toThrow();
    expect(() => authorize(context(null), "public")).not.toThrow();
    expect(() => authorize(context(null), "session")).toThrow(expect.objectContaining({ status: 401 }));
  });

  it("visitors read and submit only while anonymous questions are allowed", () => {
    expect(() => authorize(context(null, true), "qa.read")).not.toThrow();
    expect(() => authorize(context(null, true), "question.submit")).not.toThrow();
    expect(() => authorize(context(null, true), "question.upvote")).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => authorize(context(null, false), "qa.read")).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => authorize(context(user("viewer")), "question.submit")).toThrow(expect.objectContaining({ status: 403 }));
  });

  it("nobody grants above their own role; only an owner grants owner or admin", () => {
    expect(canGrantRole(user("owner"), "owner")).toBe(true);
    expect(canGrantRole(user("owner"), "admin")).toBe(true);
    expect(canGrantRole(user("admin"), "admin")).toBe(false);
    expect(canGrantRole(user("admin"), "moderator")).toBe(true);
    expect(canGrantRole(user("moderator"), "member")).toBe(true);
    expect(canGrantRole(user("member"), "moderator")).toBe(false);
  });
});
