import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * Outgoing webhooks (CONTRACT §11): a tenant's endpoints, their signing secret sealed with the
 * server's secret (it must be usable to sign, so it cannot be hashed), and one row per event sent
 * to an endpoint, whose id is the `webhook-id` every attempt of it carries.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      url text not null,
      events text[] not null,
      description text,
      secret_sealed text not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      disabled_at timestamptz,
      failing_since timestamptz
      )`,
    `create index webhook_endpoints_tenant_idx on webhook_endpoints (tenant_id, created_at desc)`,
    `create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_type text not null,
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      replays integer not null default 0,
      last_response_code integer,
      last_duration_ms integer,
      last_error text,
      next_attempt_at timestamptz,
      created_at timestamptz not null default now(),
      delivered_at timestamptz
      )`,
    `create index webhook_deliveries_endpoint_idx on webhook_deliveries (tenant_id, endpoint_id, created_at desc)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table webhook_deliveries`, `drop table webhook_endpoints`]);
}
