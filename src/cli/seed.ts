import { seedDemoData } from "../../seeds/demo.js";
import { createPulseSealer } from "../modules/pulse/index.js";
import { openMigratedDatabase } from "./environment.js";

const { handle, emailDomain, secrets } = await openMigratedDatabase();
const created = await seedDemoData(handle.db, { emailDomain, sealer: createPulseSealer(secrets) });
console.log(created.length ? `seeded demo tenants: ${created.join(", ")}` : "demo tenants already present; nothing to do");
await handle.close();
