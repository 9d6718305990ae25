import { z } from "zod";
import { TEAM_ROLES } from "../../platform/context.js";
import { userText } from "../../platform/user-text.js";

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  queueFrozen: z.boolean(),
  createdAt: z.string(),
});

/**
 * Slugs that the frontend or the server already use as first path segment (/:teamSlug is a
 * frontend route), so a team named like them would be unreachable.
 */
export const RESERVED_TEAM_SLUGS = new Set([
  "admin",
  "moderation",
  "pulse",
  "auth",
  "health",
  "events",
  "docs",
  "openapi.json",
  "metrics",
  "assets",
  "questions",
  "teams",
  "tags",
  "users",
  "login",
  "logout",
  "api",
  "static",
  "src",
  "node_modules",
  "favicon.ico",
  "account",
  "tenant",
  "email",
]);

export const TEAM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a path segment can name a team at all (a page such as /login or /admin never does). */
export const couldBeTeamSlug = (segment: string): boolean => TEAM_SLUG_PATTERN.test(segment) && !RESERVED_TEAM_SLUGS.has(segment);

const teamName = userText({ min: 1, max: 100 });
const teamSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(TEAM_SLUG_PATTERN, "must be 1-63 lowercase letters, digits or inner hyphens")
  .refine((slug) => !RESERVED_TEAM_SLUGS.has(slug), "is reserved by the application");
const description = userText({ min: 0, max: 1000, multiline: true }).nullable();

export const teamIdParams = z.object({ teamId: z.uuid() });
export const memberParams = z.object({ teamId: z.uuid(), userId: z.uuid() });

export const createTeamBody = z.object({
  name: teamName,
  slug: teamSlug.optional().describe("Omitted: derived from the name (a number is appended if taken)"),
  description: description.optional(),
});
export type CreateTeamBody = z.infer<typeof createTeamBody>;

export const updateTeamBody = z
  .object({ name: teamName.optional(), slug: teamSlug.optional(), description: description.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "name at least one field to change" });
export type UpdateTeamBody = z.infer<typeof updateTeamBody>;

export const deleteTeamQuery = z.object({
  moveQuestionsTo: z.uuid().optional().describe("Another team of the tenant that receives this team's questions before the delete"),
});

export const newcomerSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  joinedAt: z.string().describe("When they joined the team, or the tenant if that was later (ISO 8601)"),
});

export const memberSchema = z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: z.enum(TEAM_ROLES) });

export const addMemberBody = z.object({
  userId: z.uuid(),
  role: z.enum(TEAM_ROLES).default("member").describe("Membership role; `moderator` gives moderator powers in this team"),
});
export type AddMemberBody = z.infer<typeof addMemberBody>;

export const changeMemberRoleBody = z.object({ role: z.enum(TEAM_ROLES) });
