import { runService } from "./cluster.js";
import { exitOnFailure } from "./server.js";

/** The production entry point (`node dist/src/main.js`): the service, without the demo data (npm start adds it: seeds/start.ts). */
runService().catch(exitOnFailure);
