import { z } from "zod";
import { createUserBody } from "../users/users.schemas.js";
import { createTeamBody } from "../teams/teams.schemas.js";
import { scimError } from "./scim.errors.js";

/**
 * SCIM request bodies as Okta and Entra ID send them: unknown attributes are ignored (both send
 * more than this service keeps), attribute names and `op` are case-insensitive (RFC 7643 §2.1;
 * Entra sends `"op": "Replace"`), and a boolean may come as the string "True"/"False" (Entra).
 */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((value) => value.toLowerCase() === "true"),
]);

const nameObject = z.looseObject({
  formatted: z.string().nullish(),
  givenName: z.string().nullish(),
  familyName: z.string().nullish(),
});

export const scimUserBody = z.looseObject({
  userName: z.string(),
  externalId: z.string().nullish(),
  name: nameObject.nullish(),
  displayName: z.string().nullish(),
  active: scimBoolean.optional(),
});

const member = z.looseObject({ value: z.string() });
export const scimGroupBody = z.looseObject({
  displayName: z.string(),
  members: z.array(member).nullish(),
});

export const scimPatchBody = z.looseObject({
  Operations: z
    .array(
      z.looseObject({
        op: z.string().transform((op) => op.toLowerCase()),
        path: z.string().optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1),
});
export type ScimOperation = z.output<typeof scimPatchBody>["Operations"][number];

export const memberList = z.array(member);

/** Parses a SCIM body: a shape that does not fit is invalidSyntax, as RFC 7644 §3.12 names it. */
export function parseScim<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw scimError("invalidSyntax", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "not valid"}`);
  }
  return parsed.data;
}

/** A value as the users or teams module validates it (e-mail shape, name length): invalidValue. */
function checked<T>(schema: z.ZodType<T>, value: unknown, attribute: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw scimError("invalidValue", `${attribute}: ${parsed.error.issues[0]?.message ?? "not valid"}`);
  return parsed.data;
}

export const validEmail = (userName: unknown) => checked(createUserBody.shape.email, userName, "userName (the person's e-mail address)");
export const validUserName = (name: unknown) => checked(createUserBody.shape.name, name, "name");
export const validTeamName = (name: unknown) => checked(createTeamBody.shape.name, name, "displayName");

/** The one name the service keeps, from SCIM's parts: formatted, else given + family, else displayName, else the e-mail's local part. */
export function personName(input: { name?: z.output<typeof nameObject> | null; displayName?: string | null }, email: string): string {
  const joined = [input.name?.givenName, input.name?.familyName].filter((part) => part && part.trim()).join(" ");
  const name = input.name?.formatted?.trim() || joined || input.displayName?.trim() || email.split("@")[0];
  return validUserName(name);
}
