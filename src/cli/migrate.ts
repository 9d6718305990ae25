import { openMigratedDatabase } from "./environment.js";

const { handle } = await openMigratedDatabase();
console.log("migrations are up to date");
await handle.close();
