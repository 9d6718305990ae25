import { createPulseSealer } from "../../src/modules/pulse/pulse.release.service.js";

/** The SESSION_SECRET of every test app (and so the secret that seals the seeded waiting pulse answers). */
export const TEST_SESSION_SECRET = "test-session-secret-of-at-least-32-characters";

/** Seed options that match the test apps' secret. */
export const testSeedOptions = (now?: Date) => ({ emailDomain: "example.com", sealer: createPulseSealer([TEST_SESSION_SECRET]), ...(now ? { now } : {}) });
