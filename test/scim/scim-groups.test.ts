import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, scimClient, scimToken, type ScimClient } from "./scim-helpers.js";

const groupName = () => `Group ${randomUUID().slice(0, 8)}`;
const memberIds = (body: { members?: Array<{ value: string }> }) => (body.members ?? []).map((member) => member.value).sort();

describe("SCIM Groups as teams (CONTRACT §10)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let scim: ScimClient;
  const person = () => insertUser(app.db, fixture.tenant.id);

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    scim = scimClient(app, await scimToken(app, fixture.tenant.slug));
  });
  afterAll(() => app.close());

  it("Okta's group push: POST /Groups with displayName and members makes a team with those members", async () => {
    const [ada, grace] = [await person(), await person()];
    const name = groupName();
    const created = await scim
      .post("/Groups", {
        schemas: [GROUP_SCHEMA],
        displayName: name,
        members: [
          { value: ada.id, display: ada.email },
          { value: grace.id, display: grace.email },
        ],
      })
      .expect(201);
    expect(created.headers["content-type"]).toMatch(/^application\/scim\+json/);
    expect(created.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      id: expect.any(String),
      displayName: name,
      meta: {
        resourceType: "Group",
        location: `${app.config.baseUrl}/scim/v2/Groups/${created.body.id}`,
        created: expect.any(String),
        lastModified: expect.any(String),
      },
    });
    expect(memberIds(created.body)).toEqual([ada.id, grace.id].sort());
    const team = await app.db("teams").where({ id: created.body.id }).first();
    expect(team).toMatchObject({ tenant_id: fixture.tenant.id, name });
    const members = await app.db("team_members").where({ team_id: team.id });
    expect(members.map((member) => member.role)).toEqual(["member", "member"]);
    const audited = (await auditActions(app.db, fixture.tenant.id)).filter((entry) => entry.entity_id === team.id).map((entry) => entry.action);
    expect(audited.sort()).toEqual(["team.create", "team_member.add", "team_member.add"]);

    const duplicate = await scim.post("/Groups", { schemas: [GROUP_SCHEMA], displayName: name.toUpperCase() }).expect(409);
    expect(duplicate.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "409", scimType: "uniqueness" });
  });

  it("lists with filter=displayName eq, pages, and leaves members out when asked (Entra ID's excludedAttributes=members)", async () => {
    const name = groupName();
    const created = await scim.post("/Groups", { schemas: [GROUP_SCHEMA], displayName: name, members: [{ value: (await person()).id }] }).expect(201);
    const found = await scim.get(`/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}&excludedAttributes=members`).expect(200);
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [{ id: created.body.id, displayName: name }] });
    expect(found.body.Resources[0].members).toBeUndefined();
    expect((await scim.get(`/Groups/${created.body.id}?excludedAttributes=members`).expect(200)).body.members).toBeUndefined();
    const all = await scim.get("/Groups?count=1").expect(200);
    expect(all.body).toMatchObject({ itemsPerPage: 1 });
    expect(all.body.totalResults).toBeGreaterThanOrEqual(3);
    const refused = await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "a" or displayName eq "b"')}`).expect(400);
    expect(refused.body.scimType).toBe("invalidFilter");
    expect((await scim.get(`/Groups?filter=${encodeURIComponent('userName eq "a"')}`).expect(400)).body.scimType).toBe("invalidFilter");
  });

  it('Okta\'s PATCH: add members, remove one by members[value eq "id"], rename by replace without a path', async () => {
    const [ada, grace, alan] = [await person(), await person(), await person()];
    const group = await scim.post("/Groups", { schemas: [GROUP_SCHEMA], displayName: groupName(), members: [{ value: ada.id }] }).expect(201);
    const added = await scim
      .patch(`/Groups/${group.body.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: "add", path: "members", value: [{ value: grace.id, display: grace.email }, { value: alan.id }] }],
      })
      .expect(200);
    expect(memberIds(added.body)).toEqual([ada.id, grace.id, alan.id].sort());
    const removed = await scim
      .patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "remove", path: `members[value eq "${ada.id}"]` }] })
      .expect(200);
    expect(memberIds(removed.body)).toEqual([grace.id, alan.id].sort());
    const newName = groupName();
    const renamed = await scim
      .patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { id: group.body.id, displayName: newName } }] })
      .expect(200);
    expect(renamed.body.displayName).toBe(newName);
  });

  it("Entra ID's PATCH: Add and Remove members with a list, Replace displayName", async () => {
    const [ada, grace] = [await person(), await person()];
    const group = await scim.post("/Groups", { schemas: [GROUP_SCHEMA], displayName: groupName(), members: [] }).expect(201);
    await scim
      .patch(`/Groups/${group.body.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: "Add", path: "members", value: [{ value: ada.id }, { value: grace.id }] }],
      })
      .expect(200);
    const afterRemove = await scim
      .patch(`/Groups/${group.body.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: "Remove", path: "members", value: [{ value: ada.id }] },
          { op: "Replace", path: "displayName", value: "Renamed by Entra" },
        ],
      })
      .expect(200);
    expect(memberIds(afterRemove.body)).toEqual([grace.id]);
    expect(afterRemove.body.displayName).toBe("Renamed by Entra");
    // Identity providers resend: adding an existing member or removing a non-member changes nothing.
    await scim
      .patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Add", path: "members", value: [{ value: grace.id }] }] })
      .expect(200);
    await scim
      .patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Remove", path: "members", value: [{ value: ada.id }] }] })
      .expect(200);
  });

  it("a member that is no user of this tenant is 400 invalidValue; bad operations are 400", async () => {
    const other = await createTenantFixture(app.db);
    const group = await scim.post("/Groups", { schemas: [GROUP_SCHEMA], displayName: groupName() }).expect(201);
    for (const value of [other.users.member.id, randomUUID(), "not-an-id"]) {
      const response = await scim
        .patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "add", path: "members", value: [{ value }] }] })
        .expect(400);
      expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidValue" });
    }
    expect((await app.db("team_members").where({ team_id: group.body.id })).length).toBe(0);
    const badOp = await scim.patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "move", path: "members" }] }).expect(400);
    expect(badOp.body.scimType).toBe("invalidSyntax");
    const badFilter = await scim
      .patch(`/Groups/${group.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "remove", path: 'members[value co "a"]' }] })
      .expect(400);
    expect(badFilter.body.scimType).toBe("invalidFilter");
  });

  it("PUT replaces the name and the whole member list; DELETE removes the team (204), then 404", async () => {
    const [ada, grace] = [await person(), await person()];
    const group = await scim.post("/Groups", { schemas: [GROUP_SCHEMA], displayName: groupName(), members: [{ value: ada.id }] }).expect(201);
    const name = groupName();
    const replaced = await scim.put(`/Groups/${group.body.id}`, { schemas: [GROUP_SCHEMA], displayName: name, members: [{ value: grace.id }] }).expect(200);
    expect(replaced.body.displayName).toBe(name);
    expect(memberIds(replaced.body)).toEqual([grace.id]);
    await scim.delete(`/Groups/${group.body.id}`).expect(204);
    await scim.get(`/Groups/${group.body.id}`).expect(404);
    expect(await app.db("teams").where({ id: group.body.id }).first()).toBeUndefined();
    await scim.delete(`/Groups/${group.body.id}`).expect(404);
  });

  it("another tenant's team is not found", async () => {
    const other = await createTenantFixture(app.db);
    await scim.get(`/Groups/${other.teams.a.id}`).expect(404);
    await scim
      .patch(`/Groups/${other.teams.a.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { displayName: "Taken over" } }] })
      .expect(404);
    await scim.delete(`/Groups/${other.teams.a.id}`).expect(404);
    expect((await app.db("teams").where({ id: other.teams.a.id }).first()).name).toBe(other.teams.a.name);
  });
});
