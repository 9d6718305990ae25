import { describe, expect, it } from "vitest";
import { LocalScopeVersions, SharedReadCache, type ScopeVersions } from "../../src/platform/read-cache.js";

/** The shared read cache on its own: one load for concurrent readers, a new one after each change. */
describe("SharedReadCache", () => {
  const counting = () => {
    let loads = 0;
    return {
      load: async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { loads };
      },
      get loads() {
        return loads;
      },
    };
  };
  const cache = (versions: ScopeVersions = new LocalScopeVersions(), maxAgeMs = 60_000) => new SharedReadCache(versions, { maxAgeMs, maxEntriesPerScope: 2 });

  it("concurrent reads of one key share one load, and later reads reuse it", async () => {
    const shared = cache();
    const source = counting();
    const results = await Promise.all(Array.from({ length: 20 }, () => shared.read("scope", "key", source.load)));
    expect(new Set(results).size).toBe(1);
    await shared.read("scope", "key", source.load);
    expect(source.loads).toBe(1);
  });

  it("a change of the scope makes the next read load again, whoever held the old value", async () => {
    const versions = new LocalScopeVersions();
    const [writer, reader] = [cache(versions), cache(versions)];
    const source = counting();
    expect(await reader.read("scope", "key", source.load)).toEqual({ loads: 1 });
    await writer.changed("scope");
    expect(await reader.read("scope", "key", source.load)).toEqual({ loads: 2 });
    // Another scope is not touched.
    await reader.read("other", "key", source.load);
    await writer.changed("scope");
    await reader.read("other", "key", source.load);
    expect(source.loads).toBe(3);
  });

  it("an entry serves no longer than its maximum age", async () => {
    const shared = cache(new LocalScopeVersions(), 30);
    const source = counting();
    await shared.read("scope", "key", source.load);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await shared.read("scope", "key", source.load);
    expect(source.loads).toBe(2);
  });

  it("a failed load is not kept; without readable versions every read loads", async () => {
    const shared = cache();
    await expect(shared.read("scope", "key", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await shared.read("scope", "key", async () => "recovered")).toBe("recovered");

    const unreadable: ScopeVersions = { current: () => Promise.reject(new Error("redis down")), change: () => Promise.reject(new Error("redis down")) };
    const blind = cache(unreadable);
    const source = counting();
    await blind.read("scope", "key", source.load);
    await blind.read("scope", "key", source.load);
    expect(source.loads).toBe(2);
    await expect(blind.changed("scope")).resolves.toBeUndefined();
  });

  it("holds a bounded number of entries per scope, the oldest going first", async () => {
    const shared = cache();
    const source = counting();
    for (const key of ["a", "b", "c"]) await shared.read("scope", key, source.load);
    await shared.read("scope", "c", source.load);
    await shared.read("scope", "a", source.load);
    expect(source.loads).toBe(4);
  });
});
