import { z } from "zod";
import { ROLES } from "../../platform/context.js";
import { userText } from "../../platform/user-text.js";
import { USER_IMPORT_ACTIONS } from "./users.constants.js";

export const userEmailSchema = z.string().trim().toLowerCase().max(320).pipe(z.email("must be an email address"));
export const userNameSchema = userText({ min: 1, max: 200 });

const email = userEmailSchema;
const name = userNameSchema;

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

export const userImportQuery = z.object({
  dryRun: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true")
    .describe("true: check the file and answer what would happen, writing nothing"),
});

export const userImportRowSchema = z.object({
  row: z.number().int().describe("1 is the first line after the header"),
  email: z.string().describe("The row's email cell as written"),
  action: z.enum(USER_IMPORT_ACTIONS),
  message: z.string().optional().describe("Why the row is an error, or what an update changes"),
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

export const userImportResultSchema = z.object({
  dryRun: z.boolean(),
  imported: z.boolean().describe("true once the rows are written (never on a dry run)"),
  totals: z.object({ rows: z.number().int(), created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
  rows: z.array(userImportRowSchema).describe("In the file's order"),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;
