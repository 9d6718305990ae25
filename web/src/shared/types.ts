/** The JSON shapes of CONTRACT.md that the web app reads. */

export type Role = "owner" | "admin" | "moderator" | "member" | "viewer";
export type TeamRole = "viewer" | "member" | "moderator";

export interface AuthModes {
  modes: string[];
  demo: { enabled: boolean; users: string[] };
  oauth: { github: boolean; google: boolean };
}

export interface Me {
  user: { id: string; email: string; name: string; role: Role; tenantId: string; primaryTeamId: string | null; avatarUrl: string | null };
  tenantSlug: string;
}

export interface Team {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  queueFrozen: boolean;
  createdAt?: string;
}

export interface Tag {
  id: string;
  name: string;
  color: string;
  createdAt?: string;
}

export type QuestionStatus = "OPEN" | "UNDER_REVIEW" | "ANSWERED";

export interface Question {
  id: string;
  body: string;
  teamId: string;
  status: QuestionStatus;
  upvoteCount: number;
  submittedAt: string;
  responseText: string | null;
  respondedAt: string | null;
  responder: { id: string; name: string } | null;
  author: { id: string; name: string } | null;
  isAnonymous: boolean;
  tags: Array<{ id: string; name: string; color: string }>;
  isPinned: boolean;
  isFrozen: boolean;
  hasUpvoted: boolean;
  /** Why a question waits for review, when the server tells moderators (see the report on issue 8). */
  moderation?: { reasons: string[]; confidence: string } | null;
}

export interface Paged<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  primaryTeamId: string | null;
  avatarUrl: string | null;
  deactivated: boolean;
  createdAt: string;
}

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
}

export const THEMES = ["executive-blue", "modern-purple", "refined-teal"] as const;
export type ThemeName = (typeof THEMES)[number];

export interface Branding {
  theme: ThemeName;
  primaryColor: string | null;
  accentColor: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
}

export interface TenantSettings {
  questions: { minLength: number; maxLength: number };
  users: { defaultRole: "member" | "viewer"; defaultTeamId: string | null; signup: "open" | "domains" | "invite"; allowedEmailDomains: string[] };
  security: {
    sessionTimeout: number;
    adminSessionTimeout: number;
    rateLimits: { questionsPerHour: number; upvotesPerMinute: number; responsesPerHour: number; searchPerMinute: number; emailRecipientsPerHour: number };
  };
  branding: Branding;
  features: { allowAnonymousQuestions: boolean; requireQuestionApproval: boolean; enableEmailNotifications: boolean };
  pulse: {
    enabled: boolean;
    anonThreshold: number;
    defaultCadence: "weekly" | "biweekly" | "monthly";
    defaultTime: string;
    rotatingCohorts: boolean;
    channelSlack: boolean;
    channelEmail: boolean;
  };
}

export interface AuditEntry {
  id: string;
  tenantId: string;
  userId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

export interface FailedJob {
  id: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  finishedOn: number;
}

export interface EmailQueue {
  metrics: { active: number; waiting: number; completed: number; failed: number };
  recentJobs: {
    active: Array<Record<string, unknown>>;
    waiting: Array<Record<string, unknown>>;
    completed: Array<Record<string, unknown>>;
    failed: FailedJob[];
  };
}

export interface Health {
  status: string;
  timestamp: string;
  uptime: string;
  database: { status: string; latency: string };
  kvstore: { status: string; latency: string };
  rateLimiting: { status: string; requestsInLastHour: number };
  auth: { mode: string; strategies: string[] };
}

export interface PulseQuestion {
  id: string;
  text: string;
  active: boolean;
  teamId: string | null;
  createdAt: string;
}

export interface PulseSchedule {
  enabled: boolean;
  cadence: "weekly" | "biweekly" | "monthly";
  time: string;
  timezone: string;
  rotatingCohorts: boolean;
  numCohorts: number;
}

export interface PulseCohort {
  name: string;
  size: number;
  userIds: string[];
}

/** A figure over the weeks just before the chosen range (`summary.previousDateRange`). */
export interface PulsePreviousPeriod {
  responseCount: number;
  averageScore: number | null;
}

export interface PulseWeek {
  /** ISO week, `YYYY-Www`; only weeks in which a batch of answers was released are listed. */
  week: string;
  avg: number | null;
  count: number;
}

export interface PulseTeamEntry {
  /** null: people without a team ("No team"). */
  teamId: string | null;
  teamName: string;
  responseCount: number;
  averageScore: number | null;
  message?: string;
  /** Answers stored but not counted yet: a (question, team) group is counted once it has anonThreshold of them. */
  waitingResponses: number;
  previousPeriod: PulsePreviousPeriod;
}

export interface PulseQuestionSummary {
  id: string;
  text: string;
  responseCount: number;
  averageScore: number | null;
  trend: { weekly: PulseWeek[] };
  byTeam: PulseTeamEntry[];
  waitingResponses: number;
  previousPeriod: PulsePreviousPeriod;
}

/** GET /pulse/summary (src/modules/pulse/pulse.schemas.ts, pulseSummarySchema). */
export interface PulseSummary {
  summary: {
    totalResponses: number;
    totalInvites: number;
    participationRate: number;
    /** YYYY-MM-DD; start is the Monday of the first ISO week of the range. */
    dateRange: { start: string; end: string };
    previousDateRange: { start: string; end: string };
    anonThreshold: number;
    waitingResponses: number;
  };
  questions: PulseQuestionSummary[];
}

export interface ApiToken {
  id: string;
  name: string;
  token?: string;
  /** full: everything the user's role allows; read: GET and HEAD only. */
  scope: "full" | "read";
  createdAt: string;
  expiresAt: string;
  lastUsedAt?: string | null;
  expired?: boolean;
}

/** CONTRACT §4 envelope. */
export interface LiveEvent<T = Record<string, unknown>> {
  type: string;
  tenantId: string;
  data: T;
  timestamp: number;
}
