import { z } from "zod";
import { ROLES } from "../../platform/context.js";
import { userText } from "../../platform/user-text.js";

const email = z.string().trim().toLowerCase().max(320).pipe(z.email("must be an email address"));
const name = userText({ min: 1, max: 200 });

export const userIdParams = z.object({ id: z.uuid() });

export const createUserBody = z.object({
  email,
  name,
  role: z.enum(ROLES).optional().describe("Omitted: the tenant's users.defaultRole"),
  primaryTeamId: z.uuid().nullable().optional().describe("Omitted: the tenant's users.defaultTeamId"),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z
  .object({
    name: name.optional(),
    email: email.optional(),
    primaryTeamId: z.uuid().nullable().optional(),
    role: z.enum(ROLES).optional(),
    deactivated: z.boolean().optional().describe("true signs the user out everywhere at once; false reactivates"),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "name at least one field to change" });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  primaryTeamId: z.uuid().nullable(),
  avatarUrl: z.string().nullable(),
  deactivated: z.boolean(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userSchema>;
