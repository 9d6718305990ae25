import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  // No foreign keys: the audit trail outlives the users, questions and teams it mentions.
  await runStatements(knex, [
    `create table audit_logs (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null,
      user_id uuid,
      action text not null,
      entity_type text not null,
      entity_id uuid,
      before jsonb,
      after jsonb,
      ip_address text,
      user_agent text,
      metadata jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
      )`,
    `create index audit_logs_tenant_created_idx on audit_logs (tenant_id, created_at desc, id desc)`,
    `create index audit_logs_tenant_action_idx on audit_logs (tenant_id, action, created_at desc)`,
    `create index audit_logs_tenant_entity_idx on audit_logs (tenant_id, entity_type, entity_id, created_at desc)`,
    `create index audit_logs_tenant_user_idx on audit_logs (tenant_id, user_id, created_at desc)`,
    `create function audit_logs_are_append_only() returns trigger language plpgsql as $$
      begin
      raise exception 'audit_logs is append-only: % is not allowed', tg_op
      using errcode = 'insufficient_privilege';
      end;
      $$`,
    `create trigger audit_logs_no_update_or_delete
      before update or delete on audit_logs
      for each row execute function audit_logs_are_append_only()`,
    `create trigger audit_logs_no_truncate
      before truncate on audit_logs
      for each statement execute function audit_logs_are_append_only()`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table audit_logs`, `drop function audit_logs_are_append_only()`]);
}
