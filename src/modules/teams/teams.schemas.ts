import { z } from "zod";

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
  "admin", "moderation", "pulse", "auth", "health", "events", "docs", "openapi.json", "metrics", "assets",
  "questions", "teams", "tags", "users", "login", "logout", "api", "static", "src", "node_modules", "favicon.ico",
]);
