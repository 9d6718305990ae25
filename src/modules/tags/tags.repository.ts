import type { Executor } from "../../platform/db.js";

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function toTagRecord(row: any): TagRecord {
  return { id: row.id, name: row.name, color: row.color, createdAt: new Date(row.created_at).toISOString() };
}

export async function listTags(db: Executor, tenantId: string): Promise<TagRecord[]> {
  const rows = await db("tags").where({ tenant_id: tenantId }).orderBy([{ column: "name" }, { column: "id" }]);
  return rows.map(toTagRecord);
}

export async function insertDefaultTags(db: Executor, tenantId: string): Promise<void> {
  for (const tag of DEFAULT_TAGS) {
    await db.raw("insert into tags (tenant_id, name, color) values (?, ?, ?) on conflict (tenant_id, lower(name)) do nothing", [
      tenantId,
      tag.name,
      tag.color,
    ]);
  }
}
