/**
 * Every action the server writes to the audit log, with the entity types it is written under.
 * recordAudit takes only these, so a new action cannot be written without appearing here, and the
 * admin's filters (GET /admin/audit-logs/filters) offer exactly what can be found.
 */
export const AUDIT_ACTIONS = {
  "user.login": ["user"],
  "user.logout": ["user"],
  "user.create": ["user"],
  "user.update": ["user"],
  "user.delete": ["user"],
  /** One per CSV import that wrote something, besides each person's own `user.create` / `user.update`. */
  "user.import": ["user"],
  "user.signup_refused": ["user"],
  "user.email_unsubscribe": ["user"],
  "user.email_resubscribe": ["user"],
  "team.create": ["team"],
  "team.update": ["team"],
  "team.delete": ["team"],
  /** A team's chat channels (Slack, Teams): never the Teams URL itself. */
  "team.channels_update": ["team"],
  "team_member.add": ["team"],
  "team_member.role_change": ["team"],
  "team_member.remove": ["team"],
  "question.create": ["question"],
  "question.update": ["question"],
  "question.delete": ["question"],
  "question.approve": ["question"],
  "question.reject": ["question"],
  "question.auto_reject": ["question"],
  "question.moderation.flagged": ["question"],
  "question.answer": ["question"],
  "question.reopen": ["question"],
  "question.pin": ["question"],
  // One question, or the whole team's queue (SPEC: freezing the queue is audited as question.freeze).
  "question.freeze": ["question", "team"],
  "upvote.add": ["question"],
  "upvote.remove": ["question"],
  "tag.add": ["question"],
  "tag.remove": ["question"],
  "tag.create": ["tag"],
  // Live polls: their moderators' actions. Votes are never audited (CONTRACT §9: no record says who voted).
  "poll.create": ["poll"],
  "poll.update": ["poll"],
  "poll.delete": ["poll"],
  "poll.open": ["poll"],
  "poll.close": ["poll"],
  "poll.results": ["poll"],
  "tag.update": ["tag"],
  "tag.delete": ["tag"],
  "settings.update": ["settings"],
  "pulse_question.create": ["pulse_question"],
  "pulse_question.update": ["pulse_question"],
  "pulse_question.deactivate": ["pulse_question"],
  "pulse_schedule.update": ["pulse_schedule"],
  "pulse.run": ["pulse_run"],
  // A lead's reply to a pulse comment. Comments and the respondent's own replies are never audited (CONTRACT §5).
  "pulse.comment.reply": ["pulse_comment"],
  "email.send": ["email"],
  "email.retry": ["email_job"],
  "data.export": ["export"],
  "api_token.create": ["api_token"],
  "api_token.revoke": ["api_token"],
  "scim_token.create": ["scim_token"],
  "scim_token.revoke": ["scim_token"],
  "webhook.create": ["webhook"],
  "webhook.update": ["webhook"],
  "webhook.delete": ["webhook"],
  "webhook.delivery_replay": ["webhook"],
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditEntityType = (typeof AUDIT_ACTIONS)[AuditAction][number];

export const AUDIT_ENTITY_TYPES = [...new Set(Object.values(AUDIT_ACTIONS).flat())].sort() as AuditEntityType[];
