import { randomUUID } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, insertTeam, insertUser, type TenantFixture } from "../helpers/factories.js";

const HEADER = "email,name,role,team";
const csv = (...lines: string[]) => [HEADER, ...lines].join("\n") + "\n";
const unique = (prefix = "p") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

describe("POST /admin/users/import (CONTRACT §10)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let owner: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    owner = await signIn(app, fixture.tenant.slug, "owner");
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  const userByEmail = (email: string) => app.db("users").where({ tenant_id: fixture.tenant.id, email }).first();
  const countUsers = async () => Number((await app.db("users").where({ tenant_id: fixture.tenant.id }).count("* as count").first())?.count);
  const importFile = (client: ApiClient, text: string | Buffer, dryRun = false) => client.postText(`/admin/users/import${dryRun ? "?dryRun=true" : ""}`, text);

  it("creates, updates and leaves unchanged, with memberships, per-user audit rows and one user.import", async () => {
    const existing = await insertUser(app.db, fixture.tenant.id, { name: "Old Name", teamId: fixture.teams.a.id });
    const same = await insertUser(app.db, fixture.tenant.id, { name: "Same Person", teamId: fixture.teams.b.id });
    const created = unique("new");
    const response = await importFile(
      owner,
      csv(`${created},New Person,viewer,Team Beta`, `${existing.email.toUpperCase()},New Name,moderator,alpha`, `${same.email},Same Person,member,beta`),
    ).expect(200);
    expect(response.body).toEqual({
      dryRun: false,
      imported: true,
      totals: { rows: 3, created: 1, updated: 1, unchanged: 1, error: 0 },
      rows: [
        { row: 1, email: created, action: "created" },
        { row: 2, email: existing.email.toUpperCase(), action: "updated", message: "Changes name, role." },
        { row: 3, email: same.email, action: "unchanged" },
      ],
    });
    const newUser = await userByEmail(created);
    expect(newUser).toMatchObject({ name: "New Person", role: "viewer", primary_team_id: fixture.teams.b.id });
    expect(await app.db("team_members").where({ user_id: newUser.id, team_id: fixture.teams.b.id }).first()).toMatchObject({ role: "member" });
    expect(await userByEmail(existing.email)).toMatchObject({ name: "New Name", role: "moderator", primary_team_id: fixture.teams.a.id });

    const creates = await auditActions(app.db, fixture.tenant.id, "user.create");
    expect(creates.find((row) => row.entity_id === newUser.id)?.metadata).toMatchObject({ via: "import" });
    const updates = await auditActions(app.db, fixture.tenant.id, "user.update");
    expect(updates.find((row) => row.entity_id === existing.id)).toMatchObject({
      before: { name: "Old Name", role: "member" },
      after: { name: "New Name", role: "moderator" },
    });
    const summaries = await auditActions(app.db, fixture.tenant.id, "user.import");
    expect(summaries.at(-1)?.after).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, error: 0 });
    expect(summaries.at(-1)?.user_id).toBe(fixture.users.owner.id);
  });

  it("a dry run answers the decisions and writes nothing", async () => {
    const email = unique("dry");
    const before = await countUsers();
    const audits = (await auditActions(app.db, fixture.tenant.id)).length;
    const { body } = await importFile(owner, csv(`${email},Dry Run,member,`, "not-an-email,Someone,member,"), true).expect(200);
    expect(body.dryRun).toBe(true);
    expect(body.imported).toBe(false);
    expect(body.totals).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 0, error: 1 });
    expect(body.rows[1]).toEqual({ row: 2, email: "not-an-email", action: "error", message: expect.stringMatching(/^email must be an email address/) });
    expect(await countUsers()).toBe(before);
    expect((await auditActions(app.db, fixture.tenant.id)).length).toBe(audits);
  });

  it("any error imports nothing: 422 IMPORT_REJECTED names the rows in error", async () => {
    const good = unique("good");
    const before = await countUsers();
    const response = await importFile(owner, csv(`${good},Good Row,member,`, `${unique()},Bad Role,emperor,`)).expect(422);
    expect(response.body).toEqual({
      error: {
        code: "IMPORT_REJECTED",
        message: "1 of 2 rows have errors; nothing was imported.",
        details: [{ row: 2, email: expect.any(String), action: "error", message: "role must be one of owner, admin, moderator, member, viewer." }],
      },
      requestId: expect.any(String),
    });
    expect(await userByEmail(good)).toBeUndefined();
    expect(await countUsers()).toBe(before);
  });

  it("refuses formula cells in any column, leading white space or not", async () => {
    const { body } = await importFile(
      owner,
      csv(
        `${unique()},"=HYPERLINK(""http://x"")",member,`,
        `${unique()},+1 Plus,member,`,
        `${unique()},"  -2",member,`,
        `${unique()},@SUM(A1),member,`,
        `${unique()},"\tTab",member,`,
        `${unique()},Fine,member,=alpha`,
      ),
      true,
    ).expect(200);
    expect(body.totals.error).toBe(6);
    for (const row of body.rows) expect(row.message).toMatch(/starts with a formula character/);
    expect(body.rows[5].message).toMatch(/^team starts with/);
  });

  it("marks every row of an email written twice (in any case) as an error", async () => {
    const email = unique("twice");
    const { body } = await importFile(owner, csv(`${email},First,member,`, `${unique()},Other,member,`, `${email.toUpperCase()},Second,member,`), true).expect(
      200,
    );
    expect(body.rows.map((row: { action: string }) => row.action)).toEqual(["error", "created", "error"]);
    expect(body.rows[0].message).toBe("This email appears more than once in the file (rows 1, 3).");
  });

  it("an unknown team is an error, and another tenant's team names and slugs never resolve", async () => {
    const foreign = await insertTeam(app.db, other.tenant.id, "Only Elsewhere");
    const { body } = await importFile(
      owner,
      csv(`${unique()},A,member,Nowhere`, `${unique()},B,member,Only Elsewhere`, `${unique()},C,member,${foreign.slug}`),
      true,
    ).expect(200);
    expect(body.totals.error).toBe(3);
    expect(body.rows[1].message).toBe('Unknown team "Only Elsewhere": use a team\'s name or slug, or leave it empty.');
  });

  it("reads a byte order mark, CRLF line ends, and quoted commas and quotes in names", async () => {
    const [first, second] = [unique("bom"), unique("crlf")];
    const text = `\uFEFF${HEADER}\r\n${first},"Hopper, Grace",member,\r\n${second},"Ada ""The Countess"" Lovelace",viewer,Team Alpha\r\n`;
    const { body } = await importFile(owner, Buffer.from(text, "utf8")).expect(200);
    expect(body.totals).toMatchObject({ created: 2, error: 0 });
    expect((await userByEmail(first)).name).toBe("Hopper, Grace");
    expect(await userByEmail(second)).toMatchObject({ name: 'Ada "The Countess" Lovelace', role: "viewer", primary_team_id: fixture.teams.a.id });
  });

  it("validates names as the rest of the app does (visible characters), with the row number", async () => {
    const { body } = await importFile(
      owner,
      csv(`${unique()},"\u200B ",member,`, `${unique()},${"x".repeat(201)},member,`, `${unique()},Bad cells,member`),
      true,
    ).expect(200);
    expect(body.rows[0]).toMatchObject({ row: 1, action: "error", message: expect.stringMatching(/^name must have at least 1 visible character/) });
    expect(body.rows[1]).toMatchObject({ row: 2, action: "error", message: expect.stringMatching(/^name /) });
    expect(body.rows[2]).toMatchObject({ row: 3, action: "error", message: "The row has 3 cells; expected 4 (email,name,role,team)." });
  });

  it("an admin creates people but grants neither owner nor admin, and changes nobody already there", async () => {
    const { body } = await importFile(
      admin,
      csv(
        `${unique()},New Member,member,`,
        `${unique()},Would Be Admin,admin,`,
        `${fixture.users.member.email},Renamed,member,alpha`,
        `${fixture.users.memberB.email},${fixture.users.memberB.name},member,beta`,
      ),
      true,
    ).expect(200);
    expect(body.rows.map((row: { action: string }) => row.action)).toEqual(["created", "error", "error", "unchanged"]);
    expect(body.rows[1].message).toMatch(/^role admin: .*only an owner grants owner or admin/);
    expect(body.rows[2].message).toBe("Only an owner changes an existing person (member.edit).");
  });

  it("a deactivated person is an error, not reactivated", async () => {
    const gone = await insertUser(app.db, fixture.tenant.id, { name: "Gone Person" });
    await app.db("users").where({ id: gone.id }).update({ deactivated_at: new Date() });
    const { body } = await importFile(owner, csv(`${gone.email},Gone Person,member,`), true).expect(200);
    expect(body.rows[0]).toMatchObject({ action: "error", message: "This person is deactivated: reactivate them under Admin › Users first." });
  });

  it("keeps the tenant's last owner", async () => {
    const own = await createTenantFixture(app.db);
    const soleOwner = await signIn(app, own.tenant.slug, "owner");
    const { body } = await importFile(soleOwner, csv(`${own.users.owner.email},${own.users.owner.name},admin,alpha`), true).expect(200);
    expect(body.rows[0].message).toMatch(/last owner/);
  });

  it("refuses the 10,001st row with 413 TOO_MANY_ROWS and imports nothing; 10,000 rows are fine", async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => `bulk-${index}-${randomUUID().slice(0, 6)}@example.com,Bulk ${index},member,`);
    const before = await countUsers();
    const tooMany = await importFile(owner, csv(...rows, `${unique()},One Too Many,member,`)).expect(413);
    expect(tooMany.body).toEqual({ error: { code: "TOO_MANY_ROWS", message: expect.stringMatching(/more than 10,000 rows/) }, requestId: expect.any(String) });
    expect(await countUsers()).toBe(before);
    const { body } = await importFile(owner, csv(...rows), true).expect(200);
    expect(body.totals).toMatchObject({ rows: 10_000, created: 10_000, error: 0 });
  });

  it("refuses a body over the size limit with 413", async () => {
    const response = await importFile(owner, Buffer.alloc(5 * 1024 * 1024 + 10, "a")).expect(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("counts the bytes of a body sent without a length (chunked) and stops at the limit with 413", async () => {
    const server = http.createServer(app.app).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const row = `${"r".repeat(60)}@example.com,Chunked Person,member,${"t".repeat(900)}\n`;
      const chunk = new TextEncoder().encode(row.repeat(70));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(`${HEADER}\n`));
          // About 7 MB in all, over the 5 MB limit, with no Content-Length to refuse it up front.
          if (sent++ < 100) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await fetch(`http://127.0.0.1:${port}/admin/users/import?dryRun=true`, {
        method: "POST",
        body,
        duplex: "half",
        headers: { "content-type": "text/csv", "x-csrf-token": owner.csrfToken, cookie: owner.cookie ?? "" },
      } as RequestInit & { duplex: "half" });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("answers 403 to a moderator and a member, before reading the file", async () => {
    for (const role of ["moderator", "member"] as const) {
      const client = await signIn(app, fixture.tenant.slug, role);
      const response = await importFile(client, csv(`${unique()},X,member,`)).expect(403);
      expect(response.body.error.code).toBe("FORBIDDEN");
    }
  });

  it("answers 415 with the error body to anything but text/csv", async () => {
    const json = await owner.post("/admin/users/import", { email: unique(), name: "Json" }).expect(415);
    expect(json.body).toEqual({
      error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "The request body must be text/csv in UTF-8." },
      requestId: expect.any(String),
    });
    await owner.postText("/admin/users/import", csv(`${unique()},X,member,`), "text/plain").expect(415);
    await owner.postText("/admin/users/import", csv(`${unique()},X,member,`), "text/csv; charset=latin1").expect(415);
    await owner.postText("/admin/users/import?dryRun=true", csv(`${unique()},X,member,`), "text/csv; charset=utf-8").expect(200);
  });

  it("refuses an empty file, a header without rows, and a missing or misspelt header with 400", async () => {
    const cases: Array<[string, RegExp]> = [
      ["", /The file is empty/],
      [`${HEADER}\n`, /a header but no rows/],
      [`${unique()},No Header,member,\n`, /first line must be the header "email,name,role,team"/],
      ["email,nmae,role,team\nx@example.com,X,member,\n", /first line must be the header/],
      ["email,name,role\nx@example.com,X,member\n", /first line must be the header/],
      [`${HEADER}\n"unterminated,quote,member,\n`, /not valid CSV/],
    ];
    for (const [text, message] of cases) {
      const response = await importFile(owner, text);
      expect(response.status, text).toBe(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringMatching(message) });
    }
  });

  it("accepts the header's columns in any order and case", async () => {
    const email = unique("order");
    await importFile(owner, `Team,ROLE,Name,Email\nbeta,member,Reordered,${email}\n`).expect(200);
    expect(await userByEmail(email)).toMatchObject({ name: "Reordered", primary_team_id: fixture.teams.b.id });
  });

  it("documents the text/csv body in /openapi.json", async () => {
    const { body } = await owner.get("/openapi.json").expect(200);
    const operation = body.paths["/admin/users/import"].post;
    expect(operation.operationId).toBe("importUsers");
    expect(operation.requestBody).toMatchObject({ required: true, content: { "text/csv": { schema: { type: "string" } } } });
    expect(operation.requestBody.content["application/json"]).toBeUndefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "400", "403", "413", "415", "422"]));
    expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: "query", name: "dryRun" })]));
  });
});
