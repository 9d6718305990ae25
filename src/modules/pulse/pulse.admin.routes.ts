import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { PulseAdminService } from "./pulse.admin.service.js";
import type { PulseEmailPreview } from "./pulse.email-preview.js";
import {
  createPulseQuestionBody,
  idParams,
  pulseCohortSchema,
  pulseQuestionSchema,
  pulseRunSchema,
  pulseSendPreviewSchema,
  pulseScheduleSchema,
  putPulseScheduleBody,
  updatePulseQuestionBody,
} from "./pulse.schemas.js";

const TAG = "Pulse administration";

const emailPreviewSchema = z.object({
  subject: z.string(),
  html: z.string().describe("The HTML part, as sent; show it in a sandboxed frame"),
  text: z.string().describe("The plain-text part, as sent"),
});
const emailPreviewQuery = z.object({
  reminder: z.enum(["true", "false"]).optional().describe("true: the one reminder's wording"),
});

export function pulseAdminRoutes(deps: { admin: PulseAdminService; emailPreview: PulseEmailPreview }): AnyRoute[] {
  const { admin, emailPreview } = deps;
  return [
    route({
      method: "get",
      path: "/admin/pulse/questions/:id/email-preview",
      operationId: "previewPulseQuestionEmail",
      tag: TAG,
      summary: "The pulse e-mail of a question as its invitees get it, for a sample recipient, with links that answer nothing",
      description: "Rendered by the real template (one link per score of the question's scale); the links carry no invite's token.",
      access: "admin.access",
      params: idParams,
      query: emailPreviewQuery,
      response: emailPreviewSchema,
      otherResponses: { 404: "No such question in this organisation" },
      handler: ({ ctx, params, query }) => emailPreview.preview(ctx, params.id, { reminder: query.reminder === "true" }),
    }),
    route({
      method: "get",
      path: "/admin/pulse/questions",
      operationId: "listPulseQuestions",
      tag: TAG,
      summary: "Pulse questions, active and inactive, in rotation (creation) order",
      access: "admin.access",
      response: z.array(pulseQuestionSchema),
      handler: ({ ctx }) => admin.listQuestions(ctx),
    }),
    route({
      method: "post",
      path: "/admin/pulse/questions",
      operationId: "createPulseQuestion",
      tag: TAG,
      summary: "Creates a pulse question (text of at most 200 characters; optionally for one team)",
      access: "admin.access",
      body: createPulseQuestionBody,
      status: 201,
      response: pulseQuestionSchema,
      otherResponses: { 404: "teamId names no team of this tenant" },
      handler: ({ ctx, body }) => admin.createQuestion(ctx, body),
    }),
    route({
      method: "put",
      path: "/admin/pulse/questions/:id",
      operationId: "updatePulseQuestion",
      tag: TAG,
      summary: "Changes a pulse question's text, team, scale or active flag (fields not sent stay as they are)",
      description: "active false retires the question, true asks it again. The scale can change only until the question is first asked.",
      access: "admin.access",
      params: idParams,
      body: updatePulseQuestionBody,
      response: pulseQuestionSchema,
      otherResponses: { 409: "SCALE_LOCKED: the question has been asked, so its scale cannot change" },
      handler: ({ ctx, params, body }) => admin.updateQuestion(ctx, params.id, body),
    }),
    route({
      method: "delete",
      path: "/admin/pulse/questions/:id",
      operationId: "deletePulseQuestion",
      tag: TAG,
      summary: "Deactivates a pulse question (it leaves the rotation; its responses stay)",
      access: "admin.access",
      params: idParams,
      status: 204,
      handler: async ({ ctx, params }) => {
        await admin.deactivateQuestion(ctx, params.id);
      },
    }),
    route({
      method: "get",
      path: "/admin/pulse/schedule",
      operationId: "getPulseSchedule",
      tag: TAG,
      summary: "The tenant's pulse schedule",
      access: "admin.access",
      response: pulseScheduleSchema,
      handler: ({ ctx }) => admin.getSchedule(ctx),
    }),
    route({
      method: "put",
      path: "/admin/pulse/schedule",
      operationId: "updatePulseSchedule",
      tag: TAG,
      summary: "Replaces the pulse schedule (send time in the given IANA time zone, cadence, cohorts)",
      description: `numCohorts is 1 to 6: Monday to Friday pick cohorts 0 to 4 (modulo numCohorts) and the weekend the last one.`,
      access: "admin.access",
      body: putPulseScheduleBody,
      response: pulseScheduleSchema,
      handler: ({ ctx, body }) => admin.putSchedule(ctx, body),
    }),
    route({
      method: "get",
      path: "/admin/pulse/cohorts",
      operationId: "listPulseCohorts",
      tag: TAG,
      summary: "Every cohort with its active members (cohort-<n>, n = sha256(userId) mod numCohorts)",
      access: "admin.access",
      response: z.array(pulseCohortSchema),
      handler: ({ ctx }) => admin.listCohorts(ctx),
    }),
    route({
      method: "get",
      path: "/admin/pulse/send-preview",
      operationId: "previewPulseRun",
      tag: TAG,
      summary: "What running today's pulse now would do, without sending: today's cohort, how many are due, and why none when none",
      description:
        "Reads only. `due` is the number of invites POST /admin/pulse/run would create at this moment; when it is 0, " +
        "`reason` says why (the pulse is off, no question, today's run already happened, everyone in the cohort was asked this period...).",
      access: "admin.access",
      response: pulseSendPreviewSchema,
      handler: ({ ctx }) => admin.previewRun(ctx),
    }),
    route({
      method: "post",
      path: "/admin/pulse/run",
      operationId: "runPulse",
      tag: TAG,
      summary: "Runs today's pulse send for this tenant now (once per local date, like the scheduler)",
      description:
        "Sends even when the schedule's automatic sending is off. A second run on the same local date answers " +
        "{cohort, invitesCreated: 0, alreadyRan: true}. 409 when the pulse cannot be sent (disabled, no question, ...).",
      access: "admin.access",
      response: pulseRunSchema,
      otherResponses: { 409: "The pulse cannot be sent now; the code says why" },
      handler: ({ ctx }) => admin.runNow(ctx),
    }),
  ];
}
