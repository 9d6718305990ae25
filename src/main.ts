import { exitOnFailure, runServer } from "./server.js";

/** The production entry point (`node dist/src/main.js`): the service, without the demo data (npm start adds it: seeds/start.ts). */
runServer().catch(exitOnFailure);
