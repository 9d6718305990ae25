import http from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, insertQuestion, insertTeam, insertUser } from "../helpers/factories.js";
import { auditActions } from "../helpers/audit-log.js";
import { streamExport } from "../../src/platform/http/export-stream.js";
import type { ExportColumn } from "../../src/platform/export-rows.js";

const QUESTION_HEADER = [
  "id",
  "teamId",
  "teamName",
  "status",
  "body",
  "upvoteCount",
  "submittedAt",
  "authorId",
  "authorName",
  "isAnonymous",
  "tags",
  "isPinned",
  "isFrozen",
  "responseText",
  "respondedAt",
  "responderName",
];
const USER_HEADER = ["id", "email", "name", "role", "primaryTeamId", "primaryTeamName", "teams", "deactivated", "createdAt", "lastLoginAt"];
const AUDIT_HEADER = [
  "id",
  "createdAt",
  "userId",
  "userName",
  "userEmail",
  "action",
  "entityType",
  "entityId",
  "before",
  "after",
  "ipAddress",
  "userAgent",
  "metadata",
];

function csvRows(text: string): Array<Record<string, string>> {
  return parse(text, { columns: true, skip_empty_lines: true });
}

function csvHeader(text: string): string[] {
  return (parse(text, { to_line: 1 }) as string[][])[0] ?? [];
}

describe("data export", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;
  const q: Record<string, string> = {};

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    const tenantId = fixture.tenant.id;
    const { a, b } = fixture.teams;
    q.plain = (
      await insertQuestion(app.db, tenantId, a.id, {
        body: "When is the next offsite?",
        authorId: fixture.users.member.id,
        submittedAt: "2026-03-01T10:00:00Z",
        upvoteCount: 3,
      })
    ).id;
    q.anonymous = (
      await insertQuestion(app.db, tenantId, a.id, {
        body: "Why did the reorg happen?",
        authorId: fixture.users.member.id,
        anonymous: true,
        submittedAt: "2026-03-02T10:00:00Z",
      })
    ).id;
    q.formula = (await insertQuestion(app.db, tenantId, b.id, { body: '=HYPERLINK("http://evil.example","click")', submittedAt: "2026-03-03T10:00:00Z" })).id;
    q.plus = (await insertQuestion(app.db, tenantId, b.id, { body: "+1 for remote Fridays, any news?", submittedAt: "2026-03-04T10:00:00Z" })).id;
    q.minus = (await insertQuestion(app.db, tenantId, b.id, { body: "-2 points for the new tool, can we revisit?", submittedAt: "2026-03-05T10:00:00Z" })).id;
    q.at = (await insertQuestion(app.db, tenantId, b.id, { body: "@channel who owns the release notes?", submittedAt: "2026-03-06T10:00:00Z" })).id;
    q.answered = (
      await insertQuestion(app.db, tenantId, a.id, {
        body: "Is the cafeteria open on Saturdays?",
        responderId: fixture.users.admin.id,
        submittedAt: "2026-03-07T10:00:00Z",
      })
    ).id;
    q.review = (
      await insertQuestion(app.db, tenantId, a.id, { body: "Flagged for review, hopefully fine", status: "UNDER_REVIEW", submittedAt: "2026-03-08T10:00:00Z" })
    ).id;
    const tags = await app.db("tags").where({ tenant_id: tenantId }).whereIn("name", ["Bug", "Question"]);
    for (const tag of tags) await app.db("question_tags").insert({ tenant_id: tenantId, question_id: q.plain, tag_id: tag.id });
    await insertQuestion(app.db, other.tenant.id, other.teams.a.id, { body: "Another tenant's question, never exported here" });
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  describe("GET /admin/export/questions", () => {
    it("streams CSV with a header row, every status, oldest first, as an attachment", async () => {
      const response = await admin.get("/admin/export/questions").expect(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(
        new RegExp(`^attachment; filename="questions-${fixture.tenant.slug}-\\d{4}-\\d\\d-\\d\\d\\.csv"$`),
      );
      expect(csvHeader(response.text)).toEqual(QUESTION_HEADER);
      const rows = csvRows(response.text);
      expect(rows.map((row) => row.id)).toEqual([q.plain, q.anonymous, q.formula, q.plus, q.minus, q.at, q.answered, q.review]);
      expect(rows[0]).toEqual({
        id: q.plain,
        teamId: fixture.teams.a.id,
        teamName: "Team Alpha",
        status: "OPEN",
        body: "When is the next offsite?",
        upvoteCount: "3",
        submittedAt: "2026-03-01T10:00:00.000Z",
        authorId: fixture.users.member.id,
        authorName: fixture.users.member.name,
        isAnonymous: "false",
        tags: "Bug; Question",
        isPinned: "false",
        isFrozen: "false",
        responseText: "",
        respondedAt: "",
        responderName: "",
      });
      expect(rows[6]).toMatchObject({ status: "ANSWERED", responseText: "Here is the answer.", responderName: fixture.users.admin.name });
      expect(rows[7]?.status).toBe("UNDER_REVIEW");
    });

    it("never shows the author of an anonymous question, to admins either", async () => {
      const rows = csvRows((await admin.get("/admin/export/questions").expect(200)).text);
      expect(rows[1]).toMatchObject({ id: q.anonymous, authorId: "", authorName: "", isAnonymous: "true" });
      const json = await admin.get("/admin/export/questions?format=json").expect(200);
      expect(json.body[1]).toMatchObject({ authorId: null, authorName: null, isAnonymous: true });
    });

    it("neutralises cells that start with =, +, - or @ so spreadsheets show them as text", async () => {
      const rows = csvRows((await admin.get("/admin/export/questions").expect(200)).text);
      const body = (id: string | undefined) => rows.find((row) => row.id === id)?.body;
      expect(body(q.formula)).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(body(q.plus)).toBe("'+1 for remote Fridays, any news?");
      expect(body(q.minus)).toBe("'-2 points for the new tool, can we revisit?");
      expect(body(q.at)).toBe("'@channel who owns the release notes?");
      expect(body(q.plain)).toBe("When is the next offsite?");
    });

    it("format=json streams an array of objects with the same fields and the raw text", async () => {
      const response = await admin.get("/admin/export/questions?format=json").expect(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(/\.json"$/);
      expect(response.body).toHaveLength(8);
      expect(Object.keys(response.body[0])).toEqual(QUESTION_HEADER);
      expect(response.body[0]).toMatchObject({ upvoteCount: 3, tags: ["Bug", "Question"], responseText: null, isPinned: false });
      expect(response.body[2].body).toBe('=HYPERLINK("http://evil.example","click")');
    });

    it("filters by team, status and submission date", async () => {
      const byTeam = await admin.get(`/admin/export/questions?format=json&teamId=${fixture.teams.b.id}`).expect(200);
      expect(byTeam.body.map((row: { id: string }) => row.id)).toEqual([q.formula, q.plus, q.minus, q.at]);
      const byStatus = await admin.get("/admin/export/questions?format=json&status=UNDER_REVIEW").expect(200);
      expect(byStatus.body.map((row: { id: string }) => row.id)).toEqual([q.review]);
      const byDate = await admin.get("/admin/export/questions?format=json&startDate=2026-03-02&endDate=2026-03-03").expect(200);
      expect(byDate.body.map((row: { id: string }) => row.id)).toEqual([q.anonymous, q.formula]);
    });

    it("an empty result is a header-only CSV or an empty JSON array; another tenant's team is 404 as in GET /questions", async () => {
      const empty = await insertTeam(app.db, fixture.tenant.id);
      const csv = await admin.get(`/admin/export/questions?teamId=${empty.id}`).expect(200);
      expect(csv.text).toBe(`${QUESTION_HEADER.join(",")}\n`);
      const json = await admin.get(`/admin/export/questions?format=json&teamId=${empty.id}`).expect(200);
      expect(json.body).toEqual([]);
      for (const dataset of ["questions", "users"]) {
        const foreign = await admin.get(`/admin/export/${dataset}?teamId=${other.teams.a.id}`).expect(404);
        expect(foreign.headers["content-disposition"]).toBeUndefined();
        expect(foreign.body.error.code).toBe("NOT_FOUND");
      }
    });

    it.each([["format=xlsx"], ["teamId=alpha"], ["status=CLOSED"], ["startDate=03/01/2026"], ["startDate=2026-03-05&endDate=2026-03-01"]])(
      "refuses %s with 400 VALIDATION_FAILED as JSON",
      async (query) => {
        const response = await admin.get(`/admin/export/questions?${query}`).expect(400);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.headers["content-disposition"]).toBeUndefined();
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
      },
    );
  });

  describe("GET /admin/export/users", () => {
    it("exports users with their teams; names starting with a formula character are neutralised", async () => {
      const own = await createTenantFixture(app.db);
      const sneaky = await insertUser(app.db, own.tenant.id, { name: "=cmd|' /C calc'!A0", teamId: own.teams.b.id });
      await app.db("team_members").insert({ tenant_id: own.tenant.id, team_id: own.teams.a.id, user_id: sneaky.id, role: "viewer" });
      await app.db("users").where({ id: own.users.viewer.id }).update({ deactivated_at: new Date() });
      const client = await signIn(app, own.tenant.slug, "owner");
      const response = await client.get("/admin/export/users").expect(200);
      expect(csvHeader(response.text)).toEqual(USER_HEADER);
      const rows = csvRows(response.text);
      expect(rows).toHaveLength(9);
      expect(rows.find((row) => row.id === sneaky.id)).toMatchObject({
        name: "'=cmd|' /C calc'!A0",
        role: "member",
        primaryTeamId: own.teams.b.id,
        primaryTeamName: "Team Beta",
        teams: "Team Alpha; Team Beta",
        deactivated: "false",
      });
      expect(rows.find((row) => row.id === own.users.viewer.id)?.deactivated).toBe("true");
      expect(rows.find((row) => row.id === own.users.owner.id)?.lastLoginAt).toMatch(/^\d{4}-/);
      const admins = await client.get("/admin/export/users?format=json&role=admin").expect(200);
      expect(admins.body.map((row: { id: string }) => row.id)).toEqual([own.users.admin.id]);
      const teamB = await client.get(`/admin/export/users?format=json&teamId=${own.teams.b.id}`).expect(200);
      expect(teamB.body.map((row: { id: string }) => row.id).sort()).toEqual([own.users.otherModerator.id, own.users.memberB.id, sneaky.id].sort());
    });
  });

  describe("GET /admin/export/audit-logs", () => {
    it("exports the audit log newest first with the list's filters; objects as JSON text in CSV", async () => {
      const own = await createTenantFixture(app.db);
      const client = await signIn(app, own.tenant.slug, "admin");
      await client.post("/admin/tenant-settings", { pulse: { enabled: true } }).expect(200);
      await client.post("/admin/teams", { name: "=SUM(A1:A9)" }).expect(201);
      const response = await client.get("/admin/export/audit-logs?action=settings.update").expect(200);
      expect(csvHeader(response.text)).toEqual(AUDIT_HEADER);
      const [row, ...rest] = csvRows(response.text);
      expect(rest).toHaveLength(0);
      expect(row).toMatchObject({
        action: "settings.update",
        entityType: "settings",
        entityId: own.tenant.id,
        userId: own.users.admin.id,
        userName: own.users.admin.name,
      });
      expect(JSON.parse(row?.after ?? "{}").pulse.enabled).toBe(true);
      expect(JSON.parse(row?.metadata ?? "{}").changed).toEqual(["pulse.enabled"]);
      const all = await client.get("/admin/export/audit-logs?format=json").expect(200);
      expect(all.body.map((entry: { action: string }) => entry.action)).toEqual(["data.export", "data.export", "team.create", "settings.update", "user.login"]);
      expect(all.body[2].after.name).toBe("=SUM(A1:A9)");
    });

    it("exports every row exactly once across many batches, also when they share a timestamp", async () => {
      const own = await createTenantFixture(app.db);
      await app.db.raw(
        `insert into audit_logs (tenant_id, action, entity_type, created_at)
         select ?, 'question.create', 'question', timestamptz '2026-04-01T00:00:00Z' + (n % 3) * interval '1 microsecond'
         from generate_series(1, 2600) n`,
        [own.tenant.id],
      );
      const client = await signIn(app, own.tenant.slug, "admin");
      const json = await client.get("/admin/export/audit-logs?format=json&action=question.create").expect(200);
      expect(json.body).toHaveLength(2600);
      expect(new Set(json.body.map((entry: { id: string }) => entry.id)).size).toBe(2600);
      const listed = await client.get("/admin/audit-logs?action=question.create&limit=500").expect(200);
      expect(json.body.slice(0, 500).map((entry: { id: string }) => entry.id)).toEqual(listed.body.items.map((entry: { id: string }) => entry.id));
      const csv = await client.get("/admin/export/audit-logs?action=question.create").expect(200);
      expect(csvRows(csv.text)).toHaveLength(2600);
    });
  });

  it("a client that disconnects mid-download ends the export quietly and leaves no connection behind", async () => {
    const own = await createTenantFixture(app.db);
    await app.db.raw(
      `insert into audit_logs (tenant_id, action, entity_type, before) select ?, 'question.create', 'question', jsonb_build_object('body', repeat('x', 500))
       from generate_series(1, 6000)`,
      [own.tenant.id],
    );
    const login = await request(app.app).get(`/auth/demo?user=admin&tenant=${own.tenant.slug}`).expect(302);
    const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0] as string;
    const server = app.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // More aborted downloads than the database pool has connections (5 in tests).
      for (let i = 0; i < 8; i += 1) {
        await new Promise<void>((resolve, reject) => {
          const request = http.get({ host: "127.0.0.1", port, path: "/admin/export/audit-logs?format=json", headers: { cookie } }, (response) => {
            expect(response.statusCode).toBe(200);
            response.once("data", () => {
              request.destroy();
              resolve();
            });
          });
          request.on("error", (error) => ((error as { code?: string }).code === "ECONNRESET" ? resolve() : reject(error)));
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await request(app.app).get("/admin/audit-logs?limit=1").set("cookie", cookie).expect(200);
      expect(after.body.total).toBeGreaterThan(6000);
      expect(app.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("HEAD answers the export's headers without a body", async () => {
    const response = await admin.agent.head("/admin/export/users?format=json").expect(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="users-/);
    expect(response.text ?? "").toBe("");
  });

  it("every export is audited as data.export with the dataset, format and filters", async () => {
    const own = await createTenantFixture(app.db);
    const client = await signIn(app, own.tenant.slug, "owner");
    await client.get(`/admin/export/questions?format=json&teamId=${own.teams.a.id}&startDate=2026-01-01`).expect(200);
    await client.get("/admin/export/users").expect(200);
    const entries = await auditActions(app.db, own.tenant.id, "data.export");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      user_id: own.users.owner.id,
      entity_type: "export",
      metadata: expect.objectContaining({ dataset: "questions", format: "json", filters: { teamId: own.teams.a.id, startDate: "2026-01-01T00:00:00.000Z" } }),
    });
    expect(entries[1]?.metadata).toMatchObject({ dataset: "users", format: "csv", filters: {} });
  });

  it("exports are for admins and owners only (data.export)", async () => {
    for (const username of ["moderator", "member", "viewer"]) {
      const client = await signIn(app, fixture.tenant.slug, username);
      for (const dataset of ["questions", "users", "audit-logs"]) {
        expect((await client.get(`/admin/export/${dataset}`).expect(403)).body.error.code).toBe("FORBIDDEN");
      }
    }
    await visitor(app, { "x-tenant-id": fixture.tenant.slug }).get("/admin/export/questions").expect(401);
  });
});

describe("streamExport with rows already in memory (the pulse export's path)", () => {
  interface Aggregate {
    team: string;
    average: number | null;
    weeks: string[];
  }
  const columns: Array<ExportColumn<Aggregate>> = [
    { key: "team", value: (row) => row.team },
    { key: "average", value: (row) => row.average },
    { key: "weeks", value: (row) => row.weeks },
  ];
  const rows: Aggregate[] = Array.from({ length: 2500 }, (_, i) => ({
    team: i === 0 ? "@ops" : `Team ${i}`,
    average: i % 2 ? null : -1.5,
    weeks: ["2026-W01", "2026-W02"],
  }));
  const app = express();
  app.get("/export", async (req, res) => {
    await streamExport(res, { format: req.query.format === "json" ? "json" : "csv", filename: "pulse-test", columns, rows });
  });

  it("writes every row in batches, with the header once and formulas neutralised", async () => {
    const response = await request(app).get("/export").expect(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="pulse-test.csv"');
    const parsed = csvRows(response.text);
    expect(parsed).toHaveLength(2500);
    expect(parsed[0]).toEqual({ team: "'@ops", average: "-1.5", weeks: "2026-W01; 2026-W02" });
    expect(parsed[1]).toEqual({ team: "Team 1", average: "", weeks: "2026-W01; 2026-W02" });
    expect(response.text.match(/^team,average,weeks$/gm)).toHaveLength(1);
  });

  it("writes the same rows as a JSON array", async () => {
    const response = await request(app).get("/export?format=json").expect(200);
    expect(response.body).toHaveLength(2500);
    expect(response.body[0]).toEqual({ team: "@ops", average: -1.5, weeks: ["2026-W01", "2026-W02"] });
    expect(response.body[1].average).toBeNull();
  });
});
