import { createHash, createHmac } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVoterKeys } from "../../src/modules/polls/index.js";
import { createTestApp, signIn, TEST_SESSION_SECRET, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActionsOn } from "../helpers/audit-log.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { createPoll, pollBodies, type PollJson } from "../helpers/polls.js";

/**
 * CONTRACT §9 "anonymous by design", tried as an attacker would: an admin of the tenant with full
 * read access to the database (and the application's logs), who knows who is in the room and
 * wants to learn who voted what. They do not have SESSION_SECRET (it is not in the database).
 */
describe("poll votes against an admin with the database and the logs", () => {
  let app: TestApp;
  let t: TenantFixture;
  let moderator: ApiClient;
  let admin: ApiClient;
  let poll: PollJson;
  let second: PollJson;
  const voters: Array<{ id: string; client: ApiClient; word: string }> = [];
  const VOTERS = 12;

  beforeAll(async () => {
    app = await createTestApp({ redis: true });
    t = await createTenantFixture(app.db);
    moderator = await signIn(app, t.tenant.slug, "moderator");
    for (let i = 0; i < VOTERS; i += 1) {
      const user = await insertUser(app.db, t.tenant.id, { teamId: t.teams.a.id });
      voters.push({ id: user.id, client: await signIn(app, t.tenant.slug, user.username), word: `Zephyr${String.fromCharCode(97 + i)}ine` });
    }
    poll = await createPoll(moderator, pollBodies.words(t.teams.a.id));
    await moderator.post(`/polls/${poll.id}/open`).expect(200);
    // One at a time, in a known order: the order the attacker would like to recover.
    for (const voter of voters) await voter.client.post(`/polls/${poll.id}/votes`, { text: voter.word }).expect(200);
    admin = await signIn(app, t.tenant.slug, "admin");
    second = await createPoll(admin, pollBodies.rating(t.teams.b.id));
  });
  afterAll(() => app.close());

  const rowsOf = (pollId: string) => app.db("poll_votes").where({ poll_id: pollId });

  it("a vote row has no user id, no time, no reference to a person: only the poll, a hash and the answer", async () => {
    const columns = await app.db("information_schema.columns").where({ table_name: "poll_votes" }).select("column_name", "data_type");
    expect(columns.map((column) => column.column_name).sort()).toEqual(["option_ids", "poll_id", "rating", "tenant_id", "voter_hash", "word"]);
    expect(columns.filter((column) => /time|date/.test(column.data_type))).toEqual([]);
    const references = await app.db.raw(
      `select confrelid::regclass::text as target from pg_constraint where conrelid = 'poll_votes'::regclass and contype = 'f'`,
    );
    expect(references.rows.map((row: { target: string }) => row.target)).toEqual(["polls"]);
    const rows = await rowsOf(poll.id);
    expect(rows).toHaveLength(VOTERS);
    const text = JSON.stringify(rows);
    for (const voter of voters) expect(text).not.toContain(voter.id);
  });

  it("the hash matches no hash of the user id an attacker can compute without SESSION_SECRET; with the secret it does (the control)", async () => {
    const stored = new Set((await rowsOf(poll.id)).map((row) => row.voter_hash as string));
    const encodings = ["hex", "base64", "base64url"] as const;
    for (const voter of voters) {
      const inputs = [
        voter.id,
        `user:${voter.id}`,
        `${poll.id}${voter.id}`,
        `${poll.id}:${voter.id}`,
        `${poll.id}\nuser:${voter.id}`,
        `${poll.id}user:${voter.id}`,
        `${voter.id}${poll.id}`,
        `${t.tenant.id}:${poll.id}:${voter.id}`,
      ];
      const guesses: string[] = [];
      for (const input of inputs) {
        for (const encoding of encodings) {
          guesses.push(createHash("sha256").update(input).digest(encoding), createHash("sha1").update(input).digest(encoding));
          guesses.push(createHash("md5").update(input).digest(encoding));
          for (const key of ["", poll.id, t.tenant.id, voter.id, "secret", "polls:voter-hash:v1"])
            guesses.push(createHmac("sha256", key).update(input).digest(encoding));
        }
      }
      for (const guess of guesses) expect(stored.has(guess)).toBe(false);
    }
    // With the secret, the service's own computation finds each voter's row: the hash is what keeps them apart, and it needs the secret.
    const keys = createVoterKeys([TEST_SESSION_SECRET]);
    for (const voter of voters) expect(stored.has(keys.hashes(poll.id, { kind: "user", id: voter.id })[0] as string)).toBe(true);
    // A guessed secret does not.
    const wrong = createVoterKeys(["development-only-session-secret-do-not-use-in-production"]);
    for (const voter of voters) expect(stored.has(wrong.hashes(poll.id, { kind: "user", id: voter.id })[0] as string)).toBe(false);
  });

  it("one person's hashes differ from poll to poll, so their votes cannot be linked across polls", async () => {
    await admin.post(`/polls/${second.id}/open`).expect(200);
    for (const voter of voters) await voter.client.post(`/polls/${second.id}/votes`, { rating: 3 }).expect(200);
    const firstHashes = new Set((await rowsOf(poll.id)).map((row) => row.voter_hash));
    const secondHashes = (await rowsOf(second.id)).map((row) => row.voter_hash);
    expect(secondHashes).toHaveLength(VOTERS);
    expect(secondHashes.filter((hash) => firstHashes.has(hash))).toEqual([]);
  });

  it("words are stored case-folded and trimmed: how a person types is not kept", async () => {
    expect((await rowsOf(poll.id)).map((row) => row.word).sort()).toEqual(voters.map((voter) => voter.word.toLowerCase()).sort());
  });

  it("row order: while open the rows follow the voting (what remains); closing rewrites them in random order in one transaction", async () => {
    const keys = createVoterKeys([TEST_SESSION_SECRET]);
    const votingOrder = voters.map((voter) => keys.hashes(poll.id, { kind: "user", id: voter.id })[0]);
    const physical = async () =>
      (await app.db.raw("select voter_hash from poll_votes where poll_id = ? order by ctid", [poll.id])).rows.map(
        (row: { voter_hash: string }) => row.voter_hash,
      );
    const transactions = async () =>
      Number((await app.db.raw("select count(distinct xmin::text)::int as n from poll_votes where poll_id = ?", [poll.id])).rows[0].n);
    // Open: each vote is its own transaction (and its row lands where the table had room, in a fresh
    // table in voting order). This is the limit of what the design hides while a poll is open.
    expect(await transactions()).toBe(VOTERS);
    await moderator.post(`/polls/${poll.id}/close`).expect(200);
    expect(await physical()).not.toEqual(votingOrder);
    expect((await physical()).sort()).toEqual([...votingOrder].sort());
    expect(await transactions()).toBe(1);
    // The answers are intact.
    expect((await moderator.get(`/polls/${poll.id}/results`).expect(200)).body.voteCount).toBe(VOTERS);
  });

  it("the API and the export never give the voting order: equal counts are listed alphabetically, only totals leave", async () => {
    const results = (await moderator.get(`/polls/${poll.id}/results`).expect(200)).body;
    expect(results.words.map((word: { text: string }) => word.text)).toEqual(voters.map((voter) => voter.word.toLowerCase()).sort());
    const exported = (await admin.get("/admin/export/polls?format=json").expect(200)).body as Array<Record<string, unknown>>;
    const rows = exported.filter((row) => row.pollId === poll.id);
    expect(rows.map((row) => row.answer)).toEqual(voters.map((voter) => voter.word.toLowerCase()).sort());
    expect(Object.keys(rows[0] as object).sort()).toEqual([
      "answer",
      "closedAt",
      "openedAt",
      "pollId",
      "status",
      "teamId",
      "teamName",
      "title",
      "type",
      "voteCount",
      "votes",
    ]);
    const text = JSON.stringify(exported);
    for (const voter of voters) expect(text).not.toContain(voter.id);
  });

  it("the audit log records no vote, and nothing of a voter", async () => {
    const entries = await app.db("audit_logs").where({ tenant_id: t.tenant.id });
    expect(entries.filter((entry) => /vote/.test(entry.action))).toEqual([]);
    const text = JSON.stringify(entries);
    for (const voter of voters) {
      // Their sign-ins are audited (user.login), nothing else of theirs.
      expect(entries.filter((entry) => entry.user_id === voter.id).map((entry) => entry.action)).toEqual(["user.login"]);
      expect(text).not.toContain(voter.word);
      expect(text).not.toContain(voter.word.toLowerCase());
    }
    expect(await auditActionsOn(app.db, t.tenant.id, poll.id)).toEqual(["poll.create", "poll.open", "poll.close"]);
  });

  it("the logs: a vote's request line has no address, no user and no body; no line carries an answer", async () => {
    const voteLines = app.logs.filter((line) => String((line.req as { url?: string } | undefined)?.url ?? "").endsWith("/votes"));
    expect(voteLines.length).toBeGreaterThanOrEqual(VOTERS * 2);
    for (const line of voteLines) {
      expect(line.req).toEqual({ method: "POST", url: expect.stringMatching(/^\/polls\/[0-9a-f-]+\/votes$/) });
      expect(Object.keys(line).sort()).toEqual(expect.not.arrayContaining(["userId", "user", "body"]));
    }
    const everything = app.rawLogs.join("\n");
    for (const voter of voters) {
      expect(everything).not.toContain(voter.word);
      expect(everything).not.toContain(voter.word.toLowerCase());
    }
  });

  it("a visitor's vote stores no session and nothing about the browser in Redis", async () => {
    const response = await request(app.app).post(`/polls/${second.id}/votes`).set("x-tenant-id", t.tenant.slug).send({ rating: 4 }).expect(200);
    const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["qa.voter"]);
    const visitorId = (cookies[0] as string).split("=")[1]?.split(".")[0] as string;
    const keys = await app.kv!.keys(`${app.config.kv.prefix}*`);
    for (const key of keys) {
      expect(key).not.toContain(visitorId);
      const type = await app.kv!.type(key);
      if (type === "string") expect(String(await app.kv!.get(key))).not.toContain(visitorId);
    }
    expect(JSON.stringify(await rowsOf(second.id))).not.toContain(visitorId);
  });
});
