import { z } from "zod";
import { isUuid } from "../../platform/validation.js";

export const MAX_DIRECT_RECIPIENTS = 200;

const recipient = z
  .string()
  .trim()
  .min(1)
  .max(320)
  .refine((value) => isUuid(value) || z.email().safeParse(value).success, "must be a user id or an email address");

/** Header injection guard: a subject is one line. */
const subject = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((value) => !/[\r\n]/.test(value), "must be a single line");

export const directEmailBody = z.strictObject({
  to: z.array(recipient).min(1).max(MAX_DIRECT_RECIPIENTS),
  subject,
  body: z.string().trim().min(1).max(20_000),
});
export type DirectEmailInput = z.infer<typeof directEmailBody>;

export const directEmailResult = z.object({
  queued: z.number().int().describe("Number of emails queued (one per distinct recipient)"),
  jobIds: z.array(z.string()),
});

export const jobIdParams = z.object({ id: z.string().min(1).max(100) });

export const emailJobSchema = z.object({
  id: z.string(),
  name: z.enum(["question-answered", "question-answered-slack", "pulse-invite", "pulse-invite-slack", "direct-email", "webhook-disabled"]),
  status: z.enum(["active", "waiting", "completed", "failed"]),
  timestamp: z.number().int().describe("Queued at (epoch ms)"),
  attemptsMade: z.number().int(),
  processedOn: z.number().int().nullable().describe("Last attempt started (epoch ms)"),
  finishedOn: z.number().int().nullable().describe("Completed or finally failed (epoch ms)"),
  failedReason: z.string().nullable().describe("Why the last attempt failed; for a hidden recipient, any address in it is replaced by `[hidden]`"),
  subject: z.string().nullable(),
  to: z
    .array(z.string())
    .nullable()
    .describe(
      "Recipients: known once sent, or as given for a direct email. Always null when `recipientHidden`: the answered email " +
        "of an anonymous question goes to its author, whom nobody else may learn (CONTRACT §3).",
    ),
  recipientHidden: z
    .boolean()
    .describe(
      "True for the answered email of an anonymous question (and for answered emails queued before the flag existed): " +
        "`to`, `outcome` and `skipReason` are null, since whether and why it was skipped (unsubscribed, deactivated) would say " +
        "something about its author; a retry keeps it hidden.",
    ),
  outcome: z.enum(["sent", "skipped"]).nullable().describe("Null until finished, and for a hidden recipient"),
  skipReason: z.string().nullable().describe("Why a completed job sent nothing; null for a hidden recipient"),
});
export type EmailJobView = z.infer<typeof emailJobSchema>;

const counts = z.object({ active: z.number().int(), waiting: z.number().int(), completed: z.number().int(), failed: z.number().int() });

export const emailDeliverySchema = z
  .object({
    queue: z.enum(["memory", "redis"]).describe("memory: development without KVSTORE_URL (nothing can send these jobs); redis: BullMQ"),
    workerRunning: z
      .boolean()
      .nullable()
      .describe(
        "Whether an email worker is consuming the queue (any process). False in development by default: jobs wait, unsent, until a worker runs " +
          "(EMAIL_WORKER=true with KVSTORE_URL, or `npm run worker`). Null when it cannot be told.",
      ),
    maxWaiting: z.number().int().nullable().describe("In-memory queue only: how many waiting jobs (every tenant) are kept; older ones are dropped"),
    dropped: z.number().int().describe("This tenant's jobs dropped from the in-memory queue since the server started (never sent)"),
  })
  .describe("Whether queued emails are being sent, and what the development queue keeps");
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const emailQueueSchema = z.object({
  metrics: counts,
  recentJobs: z.object({
    active: z.array(emailJobSchema),
    waiting: z.array(emailJobSchema),
    completed: z.array(emailJobSchema),
    failed: z.array(emailJobSchema),
  }),
  delivery: emailDeliverySchema,
});
