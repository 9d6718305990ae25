import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "./logger.js";

/**
 * The version of each scope of shared data (a tenant's teams, a tenant's questions). A writer
 * changes it after its commit; a cached read is used only while the version it was built at is
 * still the current one.
 */
export interface ScopeVersions {
  current(scope: string): Promise<string>;
  change(scope: string): Promise<void>;
}

/** One instance: the versions live in this process. */
export class LocalScopeVersions implements ScopeVersions {
  private readonly versions = new Map<string, number>();

  async current(scope: string): Promise<string> {
    return String(this.versions.get(scope) ?? 0);
  }

  async change(scope: string): Promise<void> {
    this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1);
  }
}

const VERSION_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * Several instances: the versions live in Redis, so the next read on any instance after a
 * write's response sees the write (one GET per read, instead of the query it saves). A version is
 * a random token rather than a counter: a key that expired or was lost with a Redis restart
 * comes back as "none", which no entry built after a change was stored under.
 */
export class RedisScopeVersions implements ScopeVersions {
  constructor(
    private readonly kv: Redis,
    private readonly prefix: string,
  ) {}

  async current(scope: string): Promise<string> {
    return (await this.kv.get(this.key(scope))) ?? "none";
  }

  async change(scope: string): Promise<void> {
    await this.kv.set(this.key(scope), randomUUID(), "EX", VERSION_LIFETIME_SECONDS);
  }

  private key(scope: string): string {
    return `${this.prefix}cache:${scope}`;
  }
}

interface Entry {
  version: string;
  builtAt: number;
  value: Promise<unknown>;
}

export interface SharedReadCacheOptions {
  /**
   * How long an entry may serve at most, even when no write was announced: the bound on what a
   * change made outside the service (a database console, a migration) can leave stale.
   */
  maxAgeMs: number;
  /** Entries per scope; past it, the scope's oldest entry goes. */
  maxEntriesPerScope: number;
  /** Scopes held at once; past it, the scope least recently filled goes. */
  maxScopes?: number;
  logger?: Logger;
}

/**
 * Reads many requests share (a tenant's teams, one page of a team's board), built once and served
 * from memory: concurrent requests for the same key share one load, and later ones reuse its
 * result while the scope's version is unchanged. Cached values are shared between requests:
 * callers must not mutate them. When the versions cannot be read (Redis down), every read loads.
 */
export class SharedReadCache {
  private readonly scopes = new Map<string, Map<string, Entry>>();

  constructor(
    private readonly versions: ScopeVersions,
    private readonly options: SharedReadCacheOptions,
  ) {}

  async read<T>(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    let version: string;
    try {
      version = await this.versions.current(scope);
    } catch {
      return load();
    }
    const entries = this.scopes.get(scope) ?? this.newScope(scope);
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.version === version && now - hit.builtAt < this.options.maxAgeMs) return hit.value as Promise<T>;

    const value = load();
    entries.delete(key);
    entries.set(key, { version, builtAt: now, value });
    if (entries.size > this.options.maxEntriesPerScope) entries.delete(entries.keys().next().value as string);
    // The most recently filled scope goes last, so the one evicted first is the longest unused.
    this.scopes.delete(scope);
    this.scopes.set(scope, entries);
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }

  private newScope(scope: string): Map<string, Entry> {
    if (this.scopes.size >= (this.options.maxScopes ?? 10_000)) this.scopes.delete(this.scopes.keys().next().value as string);
    const entries = new Map<string, Entry>();
    this.scopes.set(scope, entries);
    return entries;
  }

  /**
   * After a write committed: this instance forgets the scope at once, and every instance's next
   * read sees a new version. Awaited before the write's response, so the writer reads its write.
   */
  async changed(scope: string): Promise<void> {
    this.scopes.delete(scope);
    try {
      await this.versions.change(scope);
    } catch (error) {
      // Other instances serve what they hold for at most maxAgeMs more.
      this.options.logger?.warn({ err: { message: (error as Error).message }, scope }, "cache version not changed");
    }
  }
}

/** The scopes of shared reads, per tenant: a write announces itself to the scopes it changes. */
export const cacheScope = {
  /** The tenant's teams (`GET /teams`): names, slugs, paused queues. */
  teams: (tenantId: string) => `teams:${tenantId}`,
  /** The tenant's tags (`GET /tags`). */
  tags: (tenantId: string) => `tags:${tenantId}`,
  /** Board pages: questions, their counts, tags and authors' names. */
  questions: (tenantId: string) => `questions:${tenantId}`,
  /** The signed-in user as each request loads it: role, team roles, active or not. */
  users: (tenantId: string) => `users:${tenantId}`,
  /** The questions one user has upvoted (a board page marks them). */
  upvotesOf: (tenantId: string, userId: string) => `upvotes:${tenantId}:${userId}`,
};
