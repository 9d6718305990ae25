import type { Executor, DatabaseRow } from "../../platform/db.js";

export interface TagRecord {
  id: string;
  name: string;
  color: string;
  createdAt: string;
}

export const DEFAULT_TAGS: ReadonlyArray<{ name: string; color: string }> = [
  { name: "Currently Presenting", color: "#dc2626" },
  { name: "Feature Request", color: "#7c3aed" },
  { name: "Bug", color: "#ea580c" },
  { name: "Question", color: "#2563eb" },
  { name: "Process", color: "#059669" },
  { name: "Technical", color: "#0891b2" },
];

export function toTagRecord(row: DatabaseRow): TagRecord {
  return { id: row.id, name: row.name, color: row.color, createdAt: new Date(row.created_at).toISOString() };
}

export async function listTags(db: Executor, tenantId: string): Promise<TagRecord[]> {
  const rows = await db("tags")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "name" }, { column: "id" }]);
  return rows.map(toTagRecord);
}

export async function insertDefaultTags(db: Executor, tenantId: string): Promise<void> {
  for (const tag of DEFAULT_TAGS) {
    await db.raw("insert into tags (tenant_id, name, color) values (?, ?, ?) on conflict (tenant_id, lower(name)) do nothing", [tenantId, tag.name, tag.color]);
  }
}

export async function findTag(db: Executor, tenantId: string, tagId: string): Promise<TagRecord | null> {
  const row = await db("tags").where({ tenant_id: tenantId, id: tagId }).first();
  return row ? toTagRecord(row) : null;
}

export async function findTagByName(db: Executor, tenantId: string, name: string): Promise<TagRecord | null> {
  const row = await db("tags").where({ tenant_id: tenantId }).whereRaw("lower(name) = lower(?)", [name]).first();
  return row ? toTagRecord(row) : null;
}

export async function insertTag(db: Executor, tenantId: string, input: { name: string; color: string }): Promise<TagRecord> {
  const [row] = await db("tags").insert({ tenant_id: tenantId, name: input.name, color: input.color }).returning("*");
  return toTagRecord(row);
}

export async function updateTag(db: Executor, tenantId: string, tagId: string, changes: { name?: string; color?: string }): Promise<TagRecord | null> {
  const [row] = await db("tags")
    .where({ tenant_id: tenantId, id: tagId })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning("*");
  return row ? toTagRecord(row) : null;
}

/** Deletes the tag (its question links go with it); returns how many questions carried it. */
export async function deleteTag(db: Executor, tenantId: string, tagId: string): Promise<number> {
  const row = await db("question_tags").where({ tenant_id: tenantId, tag_id: tagId }).count<{ count: number }>("* as count").first();
  await db("tags").where({ tenant_id: tenantId, id: tagId }).delete();
  return Number(row?.count ?? 0);
}
