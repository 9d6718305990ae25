import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { tenantSettingsSchema, type TenantSettings } from "../../platform/tenant-settings.js";

const settingsShape = tenantSettingsSchema.shape;

/** What every client may know about the tenant: how to look, and the rules the UI must follow. */
export const publicTenantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
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

export function tenantRoutes(): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/tenant",
      tag: "Tenant",
      summary: "The tenant's name, branding and the question rules the web app follows",
      description:
        "Public (the sign-in page is themed too). Only what any participant may know: question length bounds, whether anonymous " +
        "questions and approval are on, branding, and whether the pulse is enabled. The full settings are at /admin/tenant-settings.",
      access: "public",
      response: publicTenantSchema,
      handler: ({ ctx }) => ({ id: ctx.tenant.id, slug: ctx.tenant.slug, name: ctx.tenant.name, settings: publicSettings(ctx.settings) }),
    }),
  ];
}
