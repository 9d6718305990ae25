import { parseArgs } from "node:util";
import { AppError } from "../platform/errors.js";
import { listTenants } from "../modules/tenants/index.js";
import { provisionTenant } from "../modules/provisioning/index.js";
import { configureCompanySignIn, ssoPatch } from "./tenant-sso.js";
import { fail, openMigratedDatabase } from "./environment.js";

const USAGE = `Usage:
  npm run tenant -- create <slug> "<name>" --owner <email> [--owner-name "<name>"] [--team "<team name>"]... [--allow-domain <domain>]...
  npm run tenant -- list
  npm run tenant -- sso <slug> [--oidc-issuer <url> --oidc-client-id <id> [--oidc-scopes "openid email profile"]]
                               [--saml-entry-point <url> --saml-certificate <file.pem> [--saml-entity-id <id>]]
                               [--label "<button label>"] [--require-sso | --allow-other-sign-in] [--remove-oidc] [--remove-saml]

sso sets the organisation's own identity provider (CONTRACT §10), for a server with no GitHub or
Google sign-in or before anyone can sign in to do it in Settings. The OpenID Connect client secret
is read from the environment variable OIDC_CLIENT_SECRET (never from the command line, which other
users of the machine can see); without it the client is public (PKCE only).

A new organisation only lets in the people an admin adds (users.signup "invite"); each
--allow-domain lets anyone with a verified address at that domain join by signing in
(users.signup "domains"). Either way it starts closed to visitors: nobody reads or asks
without signing in (features.allowAnonymousQuestions false). Admins change both in Settings.

With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one process.`;

async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      owner: { type: "string" },
      "owner-name": { type: "string" },
      team: { type: "string", multiple: true },
      "allow-domain": { type: "string", multiple: true },
      "oidc-issuer": { type: "string" },
      "oidc-client-id": { type: "string" },
      "oidc-scopes": { type: "string" },
      "saml-entry-point": { type: "string" },
      "saml-certificate": { type: "string" },
      "saml-entity-id": { type: "string" },
      label: { type: "string" },
      "require-sso": { type: "boolean" },
      "allow-other-sign-in": { type: "boolean" },
      "remove-oidc": { type: "boolean" },
      "remove-saml": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, slug, name] = positionals;
  if (values.help || !command) fail(USAGE);

  const { handle, secrets } = await openMigratedDatabase();
  try {
    if (command === "sso") {
      if (!slug) fail(USAGE);
      const settings = await configureCompanySignIn(handle.db, secrets, slug, ssoPatch(values));
      console.log(JSON.stringify({ tenant: slug, auth: settings.auth }, null, 2));
      return;
    }
    if (command === "list") {
      for (const tenant of await listTenants(handle.db)) console.log(`${tenant.slug}\t${tenant.name}\t${tenant.id}`);
      return;
    }
    if (command !== "create" || !slug || !name) fail(USAGE);
    if (!values.owner || !/^[^@\s]+@[^@\s]+$/.test(values.owner)) fail("--owner <email> is required: the owner signs in by OAuth with that address.");
    const domains = values["allow-domain"] ?? [];
    const created = await provisionTenant(handle.db, {
      slug,
      name,
      ownerEmail: values.owner,
      ownerName: values["owner-name"],
      teams: values.team?.map((teamName) => ({ name: teamName })),
      // A real organisation starts closed: GitHub and Google accounts are open to the whole world
      // (provisionTenant closes such a tenant to visitors as well).
      settings: { users: domains.length ? { signup: "domains", allowedEmailDomains: domains } : { signup: "invite" } },
    });
    console.log(
      JSON.stringify(
        {
          tenant: created.tenant,
          ownerId: created.ownerId,
          teams: created.teams,
          signup: created.settings.users.signup,
          allowedEmailDomains: created.settings.users.allowedEmailDomains,
          allowAnonymousQuestions: created.settings.features.allowAnonymousQuestions,
        },
        null,
        2,
      ),
    );
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await handle.close();
  }
}

run().catch((error) => fail(error instanceof Error ? error.message : String(error)));
