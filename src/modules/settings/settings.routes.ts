import { route, type AnyRoute } from "../../platform/http/route.js";
import { presentSettings } from "./settings.presenter.js";
import { settingsPatchSchema, settingsResponseSchema } from "./settings.schemas.js";
import type { SettingsService } from "./settings.service.js";

export function settingsRoutes(deps: { settings: SettingsService }): AnyRoute[] {
  const { settings } = deps;
  return [
    route({
      method: "get",
      path: "/admin/tenant-settings",
      operationId: "getTenantSettings",
      tag: "Administration",
      summary: "The tenant's settings, every field present (SPEC's defaults where never changed)",
      access: "admin.access",
      response: settingsResponseSchema,
      handler: async ({ ctx }) => presentSettings(await settings.get(ctx)),
    }),
    route({
      method: "post",
      path: "/admin/tenant-settings",
      operationId: "updateTenantSettings",
      tag: "Administration",
      summary: "Changes some settings: deep-merges the body into the saved settings and returns the full result",
      description:
        "The merged whole is validated (types, enums, hex colours, http(s) URLs, HH:mm, positive limits, " +
        "questions.minLength <= maxLength, auth.requireSso only with auth.oidc or auth.saml, pulse.channelSlack only with slack); unknown keys are 400. " +
        "`auth.oidc.clientSecret`, `slack.botToken` and `slack.signingSecret` are write-only: stored sealed, answered only as `clientSecretSet`, `botTokenSet`, `signingSecretSet`. `users.defaultTeamId` must name a team of the tenant (else 404). " +
        "Audited as `settings.update` with the full before/after and `metadata.changed` (dotted paths). A body that changes nothing writes nothing.",
      access: "admin.access",
      body: settingsPatchSchema,
      response: settingsResponseSchema,
      handler: async ({ ctx, body }) => presentSettings(await settings.update(ctx, body)),
    }),
  ];
}
