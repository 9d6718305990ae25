import { z } from "zod";
import { userText } from "../../platform/user-text.js";
import { CADENCES } from "../../platform/tenant-settings.constants.js";
import { isValidTimezone, MAX_ANY_SCORE, MAX_COHORTS, MIN_ANY_SCORE, PULSE_QUESTION_MAX_LENGTH, PULSE_SCALES } from "./pulse.constants.js";

/** CONTRACT §3: visible characters; the column holds PULSE_QUESTION_MAX_LENGTH code points in all. */
const questionText = userText({ min: 1, max: PULSE_QUESTION_MAX_LENGTH, maxCodePoints: PULSE_QUESTION_MAX_LENGTH });

const scale = z
  .enum(PULSE_SCALES)
  .describe("agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)");

export const pulseQuestionSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  active: z.boolean(),
  teamId: z.uuid().nullable(),
  scale,
  createdAt: z.string(),
});

export const createPulseQuestionBody = z.strictObject({
  text: questionText,
  teamId: z.uuid().nullable().optional().describe("A team's question goes only to that team's members; null or absent: everyone"),
  active: z.boolean().optional(),
  scale: scale.optional().describe("Default agree5"),
});

export const updatePulseQuestionBody = z
  .strictObject({
    text: questionText.optional(),
    teamId: z.uuid().nullable().optional(),
    active: z.boolean().optional().describe("false retires the question (it is asked no more); true asks it again"),
    scale: scale.optional().describe("Only while the question has never been asked: 409 SCALE_LOCKED after"),
  })
  .refine((body) => Object.keys(body).length > 0, "send at least one of text, teamId, active, scale");

export const idParams = z.object({ id: z.string() });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm (24-hour)");

export const pulseScheduleSchema = z.object({
  tenantId: z.uuid(),
  enabled: z.boolean(),
  cadence: z.enum(CADENCES),
  time: z.string(),
  timezone: z.string(),
  rotatingCohorts: z.boolean(),
  numCohorts: z.number().int(),
});

export const putPulseScheduleBody = z.strictObject({
  // Accepted so a client can send back what GET returned; the tenant is always the caller's.
  tenantId: z.string().optional(),
  enabled: z.boolean(),
  cadence: z.enum(CADENCES),
  time,
  timezone: z.string().refine(isValidTimezone, "must be an IANA time zone name such as Europe/Berlin"),
  rotatingCohorts: z.boolean(),
  numCohorts: z.number().int().min(1).max(MAX_COHORTS, `must be at most ${MAX_COHORTS}: cohorts are picked by weekday, so more would never be invited`),
});

export const pulseCohortSchema = z.object({
  name: z.string(),
  label: z.string().describe('The cohort as people call it, by the first weekday it is invited on ("Monday\'s group")'),
  size: z.number().int(),
  userIds: z.array(z.uuid()),
});

export const pulseRunSchema = z.object({
  cohort: z.string(),
  invitesCreated: z.number().int(),
  alreadyRan: z.boolean().optional(),
});

/** Why today's send would invite nobody (or cannot run): the web app says each in words. */
export const PULSE_PREVIEW_REASONS = [
  "pulse_disabled",
  "no_channel",
  "not_rotating",
  "invalid_timezone",
  "no_active_questions",
  "already_ran",
  "empty_cohort",
  "everyone_asked",
  "no_question_for_teams",
] as const;

export const pulseSendPreviewSchema = z.object({
  canSend: z.boolean().describe("True when a send now would invite at least one person"),
  due: z.number().int().describe("How many invites a send now would create (what POST /admin/pulse/run then creates)"),
  reason: z.enum(PULSE_PREVIEW_REASONS).nullable().describe("Why nobody would be invited; null when someone would"),
  cohort: z.string().nullable().describe("Today's cohort (cohort-<n>); null when the schedule cannot say"),
  cohortLabel: z.string().nullable().describe("Today's cohort as people call it: by the first weekday it is invited on"),
  cohortSize: z.number().int().describe("Active members of today's cohort"),
  localDate: z.string().nullable().describe("Today in the schedule's time zone (YYYY-MM-DD)"),
});

/** GET /pulse/respond takes raw strings so that a bad value can still get a human page. */
const rawParam = z.union([z.string(), z.array(z.string())]).optional();
export const respondQuery = z.object({
  token: rawParam.describe("The invite's token (UUID) from the email link"),
  score: rawParam.describe("An integer on the question's scale: 1 to 5 (agree5, emoji5) or 0 to 10 (enps11)"),
});

/** CONTRACT §8: any token that names no open invite, malformed or missing ones included, is the same 400 INVALID_INVITE. */
export const respondBody = z.object({
  token: z.unknown().optional().describe("The invite's token (UUID) from the email link; anything else answers 400 INVALID_INVITE"),
  score: z
    .number()
    .int()
    .min(MIN_ANY_SCORE)
    .max(MAX_ANY_SCORE)
    .describe("An integer on the question's scale: 1 to 5 (agree5, emoji5) or 0 to 10 (enps11); another: 400 VALIDATION_FAILED, the invite stays open"),
});

export const followUpSchema = z.object({
  questionId: z.uuid(),
  text: z.string(),
  scale,
  answered: z.boolean(),
});

export const respondResultSchema = z.object({
  ok: z.literal(true).describe("The link names an open invite"),
  answer: z
    .enum(["received", "unconfirmed", "preview"])
    .describe(
      "received: the answer is held for a minute against link scanners and then counts (the same score again changes nothing); " +
        "unconfirmed: a different score of the same link came within a minute (mail scanners open every link), so nothing was kept " +
        "and the link works again after retryAfterSeconds; preview: a prefetch or link preview, nothing was recorded",
    ),
  retryAfterSeconds: z.number().int().nullable().describe("For unconfirmed: seconds until the link can be tapped again"),
  conversation: z
    .string()
    .nullable()
    .describe(
      "For received: the private conversation capability (URL-safe), given only here and stored nowhere: with it the respondent " +
        "may add one comment (POST /pulse/comments) and read the leads' replies at /pulse/conversation/<capability>. null when " +
        "the request only repeated the score already received, and for unconfirmed and preview",
    ),
  followUps: z
    .array(followUpSchema)
    .describe("With a conversation: up to two more questions the respondent may answer (POST /pulse/follow-ups), each its own anonymous answer"),
});

const settingChange = z.object({
  setting: z.enum(["anonThreshold", "minTenureDays"]),
  from: z.number().int(),
  to: z.number().int(),
  changedAt: z.string().describe("ISO 8601"),
});

export const pulsePrivacySchema = z.object({
  anonThreshold: z.number().int().describe("Answers are counted only in groups of at least this many (k)"),
  minTenureDays: z
    .number()
    .int()
    .describe("An answer counts toward k only if its invitee had been in the team and the organisation this many days when invited (0: off)"),
  changes: z.array(settingChange).describe(`Changes of these two settings in the last 30 days, newest first`),
});

export const summaryQuery = z.object({
  range: z
    .string()
    .regex(/^([1-9]|[1-4]\d|5[0-2])w$/, "must be <n>w with n from 1 to 52, e.g. 12w")
    .default("12w")
    .describe("Weeks back from the current ISO week (UTC), 1w..52w; default 12w"),
  team: z.uuid().optional().describe("Team id; omitted means every team (admins and owners only)"),
});

const enps = z
  .number()
  .int()
  .nullable()
  .optional()
  .describe(
    "enps11 questions only: per cent promoters (9..10) minus per cent detractors (0..6), -100..100, rounded; " +
      "released answers only, null under the same threshold as the average",
  );
const enpsBreakdown = z
  .object({ promoters: z.number().int(), passives: z.number().int(), detractors: z.number().int() })
  .nullable()
  .optional()
  .describe("enps11 questions only: how many released answers were 9..10, 7..8 and 0..6; null when enps is");
const averageScore = z.number().nullable().describe("On the question's own scale: 1..5 for agree5 and emoji5, 0..10 for enps11 (never mixed across questions)");

const weekly = z.object({
  week: z.string().describe("ISO week, YYYY-Www"),
  avg: z.number().nullable(),
  count: z.number().int(),
  enps,
});
const previousPeriod = z
  .object({ responseCount: z.number().int(), averageScore, enps, enpsBreakdown })
  .describe("The same figure over the same number of weeks just before the range (summary.previousDateRange)");
const waitingResponses = z
  .number()
  .int()
  .describe("Answers stored but not yet counted: a group's answers are counted together once it has anonThreshold of them");
const commentCounts = z
  .object({
    total: z.number().int().describe("Released comments of the range (and team)"),
    conversations: z.number().int().describe("Of them, those with at least one reply"),
  })
  .describe("Comments released with the answers of the range: GET /pulse/comments lists them");
const teamEntry = z.object({
  teamId: z.uuid().nullable(),
  teamName: z.string(),
  responseCount: z.number().int(),
  averageScore,
  enps,
  enpsBreakdown,
  message: z.string().optional().describe("Present when averageScore is null: why it is hidden"),
  waitingResponses,
  previousPeriod,
});

export const pulseSummarySchema = z.object({
  summary: z.object({
    totalResponses: z.number().int().describe("Released answers of every question and scale (a count: no average is taken across questions)"),
    totalInvites: z.number().int(),
    participationRate: z.number().describe("Percent of the invites of the range that were answered (waiting answers included)"),
    participation: z
      .object({
        reminded: z.number().int().describe("Invites of the range that got their one reminder"),
        answeredBeforeReminder: z.number().int().describe("Invites answered without a reminder, or before it"),
        answeredAfterReminder: z.number().int().describe("Invites answered after their reminder"),
      })
      .describe("The reminder's effect, counted over invites only (nothing about any answer)"),
    dateRange: z.object({ start: z.string(), end: z.string() }),
    previousDateRange: z.object({ start: z.string(), end: z.string() }),
    anonThreshold: z.number().int().describe("The tenant's k: answers are released and shown in groups of at least k"),
    waitingResponses,
    comments: commentCounts,
  }),
  questions: z.array(
    z.object({
      id: z.uuid(),
      text: z.string(),
      scale,
      responseCount: z.number().int(),
      averageScore,
      enps,
      enpsBreakdown,
      trend: z.object({ weekly: z.array(weekly) }),
      byTeam: z.array(teamEntry),
      waitingResponses,
      previousPeriod,
      comments: commentCounts,
    }),
  ),
});

export type PulseSummary = z.infer<typeof pulseSummarySchema>;
