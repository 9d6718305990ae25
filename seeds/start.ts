import { runService } from "../src/cluster.js";
import { exitOnFailure } from "../src/server.js";
import { seedDemoData } from "./demo.js";

/**
 * Development's entry point (`npm start`, `npm run dev`): the service, seeding the demo tenants
 * into an empty database on its first start. The production build (src/ only) carries no demo data.
 */
runService({ seedDemoData }).catch(exitOnFailure);
