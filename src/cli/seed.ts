import { seedDemoData } from "../../seeds/demo.js";
import { openMigratedDatabase } from "./environment.js";

const { handle, emailDomain } = await openMigratedDatabase();
const created = await seedDemoData(handle.db, { emailDomain });
console.log(created.length ? `seeded demo tenants: ${created.join(", ")}` : "demo tenants already present; nothing to do");
await handle.close();
