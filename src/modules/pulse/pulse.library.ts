import type { Executor } from "../../platform/db.js";
import type { PulseScale } from "./pulse.constants.js";

/**
 * The questions a new organisation starts with (CONTRACT §5 "Questions and scales"): short, one
 * idea each, in everyday words, across engagement, workload, recognition, growth, manager support
 * and belonging, plus one eNPS question. Order matters: it is the rotation order (creation order),
 * so the themes alternate and the eNPS question comes early enough to be asked in the first week.
 * Existing organisations are not given these by a migration: their questions are their own.
 */
export const PULSE_QUESTION_LIBRARY: ReadonlyArray<{ theme: string; text: string; scale: PulseScale }> = [
  { theme: "engagement", text: "I look forward to my work this week.", scale: "agree5" },
  { theme: "workload", text: "My workload is manageable right now.", scale: "agree5" },
  { theme: "recognition", text: "How do you feel about the recognition you get for your work?", scale: "emoji5" },
  { theme: "manager support", text: "My manager helps me when I get stuck.", scale: "agree5" },
  { theme: "engagement", text: "How likely are you to recommend working in your team to a friend?", scale: "enps11" },
  { theme: "belonging", text: "I feel I belong in my team.", scale: "agree5" },
  { theme: "growth", text: "I am learning things that help me grow.", scale: "agree5" },
  { theme: "workload", text: "I can switch off from work in my free time.", scale: "agree5" },
  { theme: "recognition", text: "Good work in my team gets noticed.", scale: "agree5" },
  { theme: "manager support", text: "I get useful feedback on my work.", scale: "agree5" },
  { theme: "belonging", text: "I can be myself at work.", scale: "agree5" },
  { theme: "growth", text: "I can see a future for myself here.", scale: "agree5" },
  { theme: "engagement", text: "How do you feel about your work this week?", scale: "emoji5" },
  { theme: "belonging", text: "I feel safe to speak up in my team.", scale: "agree5" },
];

/**
 * Writes the library for a new tenant, active and for everyone, created a millisecond apart so
 * their order is the library's. Returns the ids in that order.
 */
export async function insertPulseQuestionLibrary(trx: Executor, tenantId: string, now: Date): Promise<string[]> {
  const start = now.getTime() - PULSE_QUESTION_LIBRARY.length;
  const rows = PULSE_QUESTION_LIBRARY.map((question, index) => ({
    tenant_id: tenantId,
    text: question.text,
    scale: question.scale,
    active: true,
    team_id: null,
    created_at: new Date(start + index),
    updated_at: now,
  }));
  const inserted: Array<{ id: string; created_at: Date }> = await trx("pulse_questions").insert(rows).returning(["id", "created_at"]);
  return inserted.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()).map((row) => row.id);
}
