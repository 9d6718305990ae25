import { parseArgs } from "node:util";
import { AppError } from "../platform/errors.js";
import { listTenants } from "../modules/tenants/index.js";
import { provisionTenant } from "../modules/provisioning/index.js";
import { fail, openMigratedDatabase } from "./environment.js";

const USAGE = `Usage:
  npm run tenant -- create <slug> "<name>" --owner <email> [--owner-name "<name>"] [--team "<team name>"]... [--allow-domain <domain>]...
  npm run tenant -- list

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
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, slug, name] = positionals;
  if (values.help || !command) fail(USAGE);

  const { handle } = await openMigratedDatabase();
  try {
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
