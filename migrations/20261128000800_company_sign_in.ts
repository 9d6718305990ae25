import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * CONTRACT §10, company sign-in. A user may sign in with the tenant's OpenID Connect or SAML
 * provider (their SSO id is qualified by the provider's issuer, so a new provider's subjects never
 * meet an old one's). A SAML sign-in comes back as a cross-site POST, which carries no session
 * cookie: the requests we sent (for InResponseTo) and the assertions already used (replays) are
 * kept here, where every instance sees them, until they expire.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table users drop constraint users_sso_provider_check`,
    `alter table users add constraint users_sso_provider_check check (sso_provider in ('demo', 'github', 'google', 'oidc', 'saml'))`,
    // The ID is random (node-saml: 160 bits), and the IdP's answer names it before it names a tenant.
    `create table saml_requests (
      request_id text primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      return_to text,
      test_by uuid references users(id) on delete cascade,
      expires_at timestamptz not null
    )`,
    `create index saml_requests_expiry_idx on saml_requests (expires_at)`,
    `create table saml_used_assertions (
      tenant_id uuid not null references tenants(id) on delete cascade,
      assertion_id text not null,
      expires_at timestamptz not null,
      primary key (tenant_id, assertion_id)
    )`,
    `create index saml_used_assertions_expiry_idx on saml_used_assertions (expires_at)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `drop table saml_used_assertions`,
    `drop table saml_requests`,
    `update users set sso_provider = null, sso_id = null where sso_provider in ('oidc', 'saml')`,
    `alter table users drop constraint users_sso_provider_check`,
    `alter table users add constraint users_sso_provider_check check (sso_provider in ('demo', 'github', 'google'))`,
  ]);
}
