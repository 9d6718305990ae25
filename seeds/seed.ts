import { openMigratedDatabase } from "../src/cli/environment.js";
import { createPulseSealer } from "../src/modules/pulse/index.js";
import { seedDemoData } from "./demo.js";

/** `npm run seed`: the demo tenants, into the database the server would use. */

const { handle, emailDomain, secrets } = await openMigratedDatabase();
const created = await seedDemoData(handle.db, { emailDomain, sealer: createPulseSealer(secrets) });
console.log(created.length ? `seeded demo tenants: ${created.join(", ")}` : "demo tenants already present; nothing to do");
await handle.close();
