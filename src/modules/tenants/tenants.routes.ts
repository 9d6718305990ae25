import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { tenantAddress } from "../../platform/tenant-address.js";
import { tenantSettingsSchema, type TenantSettings } from "../../platform/tenant-settings.schemas.js";

const settingsShape = tenantSettingsSchema.shape;

/** What every client may know about the tenant: how to look, and the rules the UI must follow. */
export const publicTenantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  address: z
    .string()
    .nullable()
    .describe(
      "Where people reach this tenant's app (its subdomain under BASE_DOMAIN, or FRONTEND_URL); a team's join address is this plus /<teamSlug>. " +
        "null when the operator configured neither, and the web app then uses the address it was opened at.",
    ),
  settings: z.object({
    questions: settingsShape.questions,
    features: z.object({ allowAnonymousQuestions: z.boolean(), requireQuestionApproval: z.boolean() }),
    branding: settingsShape.branding,
    pulse: z.object({ enabled: z.boolean() }),
  }),
});

export function publicSettings(settings: TenantSettings): z.infer<typeof publicTenantSchema>["settings"] {
  return {
    questions: settings.questions,
    features: {
      allowAnonymousQuestions: settings.features.allowAnonymousQuestions,
      requireQuestionApproval: settings.features.requireQuestionApproval,
    },
    branding: settings.branding,
    pulse: { enabled: settings.pulse.enabled },
  };
}

interface AddressConfig {
  frontendUrl: string;
  frontendUrlConfigured: boolean;
  baseDomain: string | undefined;
}

export function tenantRoutes(config: AddressConfig): AnyRoute[] {
  // An unconfigured FRONTEND_URL is only a guess (localhost): a join address printed on a big screen must not be.
  const addressOf = (slug: string) => (config.frontendUrlConfigured || config.baseDomain ? tenantAddress(config.frontendUrl, config.baseDomain, slug) : null);
  return [
    route({
      method: "get",
      path: "/tenant",
      operationId: "getTenant",
      tag: "Tenant",
      summary: "The tenant's name, address, branding and the question rules the web app follows",
      description:
        "Public (the sign-in page is themed too). Only what any participant may know: question length bounds, whether anonymous " +
        "questions and approval are on, branding, and whether the pulse is enabled. The full settings are at /admin/tenant-settings.",
      access: "public",
      response: publicTenantSchema,
      handler: ({ ctx }) => ({
        id: ctx.tenant.id,
        slug: ctx.tenant.slug,
        name: ctx.tenant.name,
        address: addressOf(ctx.tenant.slug),
        settings: publicSettings(ctx.settings),
      }),
    }),
  ];
}
