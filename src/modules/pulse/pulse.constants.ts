/**
 * The pulse module's bounds, with no dependencies: its calendar and schemas and the web app read
 * them from here (the web bundle cannot carry zod, luxon or node:crypto).
 */

/** An IANA time zone name this runtime knows (Intl's own list, which luxon's zones use too). */
export function isValidTimezone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Cohorts are picked by weekday (Monday 0 .. Friday 4, the weekend wrapping to the last one), so
 * a sixth cohort is reached on weekends and a seventh never would be.
 */
export const MAX_COHORTS = 6;
/** CONTRACT §8: a pulse question's text, in Unicode code points after trimming. */
export const PULSE_QUESTION_MAX_LENGTH = 200;

/**
 * The settings that protect a pulse answer, as everyone is told of a change of them (CONTRACT §5):
 * the respond page and the web app's Pulse page say the same words.
 */
export const PROTECTING_SETTING_NAMES = {
  anonThreshold: "the smallest group whose answers are counted",
  minTenureDays: "how long someone must have been in a team before their answer counts toward that group (days)",
} as const;

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * The days a cohort is invited on (CONTRACT §8: Monday 0 .. Friday 4 modulo the number of cohorts,
 * the weekend the last one), the calendar the scheduler follows, in words.
 */
export function cohortWeekdays(index: number, numCohorts: number): string[] {
  return WEEKDAYS.filter((_, day) => (day >= 5 ? numCohorts - 1 : day % numCohorts) === index);
}

/**
 * A cohort as people call it: by the first day it is invited on ("Thursday's group"), since the
 * internal name (cohort-3) says nothing to an admin. One cohort is everybody.
 */
export function cohortLabel(index: number, numCohorts: number): string {
  if (numCohorts <= 1) return "Everyone";
  const [first] = cohortWeekdays(index, numCohorts);
  if (!first) return `Group ${index + 1}`;
  return first === "Saturday" ? "Weekend group" : `${first}'s group`;
}

/**
 * CONTRACT §5 "Questions and scales": agree5 (1..5, SPEC's), emoji5 (1..5 shown as faces) and
 * enps11 (0..10, "how likely are you to recommend"). Existing questions are agree5.
 */
export const PULSE_SCALES = ["agree5", "emoji5", "enps11"] as const;
export type PulseScale = (typeof PULSE_SCALES)[number];
export const DEFAULT_PULSE_SCALE: PulseScale = "agree5";

/** Every score a scale offers, lowest first: one e-mail link and one button each. */
export function scaleScores(scale: PulseScale): number[] {
  return scale === "enps11" ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1, 2, 3, 4, 5];
}

export function isScoreOnScale(scale: PulseScale, score: number): boolean {
  return Number.isInteger(score) && scaleScores(scale).includes(score);
}

/** The widest range of any scale: what a sealed answer or a stored row may hold. */
export const MIN_ANY_SCORE = 0;
export const MAX_ANY_SCORE = 10;

const FACES: Record<number, { face: string; label: string }> = {
  1: { face: "😞", label: "Very unhappy" },
  2: { face: "🙁", label: "Unhappy" },
  3: { face: "😐", label: "Neutral" },
  4: { face: "🙂", label: "Happy" },
  5: { face: "😄", label: "Very happy" },
};

/** What a score's button shows, and the words a screen reader and the plain-text e-mail say for it. */
export function scoreChoice(scale: PulseScale, score: number): { shown: string; words: string } {
  if (scale === "emoji5") {
    const face = FACES[score] ?? { face: String(score), label: String(score) };
    return { shown: face.face, words: `${score} – ${face.label}` };
  }
  if (scale === "enps11") {
    const end = score === 0 ? " – Not likely" : score === 10 ? " – Very likely" : "";
    return { shown: String(score), words: `${score}${end}` };
  }
  const end = score === 1 ? " – Strongly disagree" : score === 5 ? " – Strongly agree" : "";
  return { shown: String(score), words: `${score}${end}` };
}

/** The words at both ends of a scale, under its row of buttons. */
export function scaleEnds(scale: PulseScale): { low: string; high: string } {
  if (scale === "enps11") return { low: "0 = Not likely", high: "10 = Very likely" };
  if (scale === "emoji5") return { low: "😞 = very unhappy", high: "😄 = very happy" };
  return { low: "1 = lowest", high: "5 = highest" };
}

/** CONTRACT §5: eNPS promoters answer 9..10, detractors 0..6 (passives 7..8). */
export const ENPS_PROMOTER_MIN = 9;
export const ENPS_DETRACTOR_MAX = 6;

/** A scale as an admin picks it. */
export const PULSE_SCALE_LABELS: Record<PulseScale, string> = {
  agree5: "Agree or disagree, 1 to 5",
  emoji5: "Faces, 1 to 5",
  enps11: "How likely to recommend, 0 to 10 (eNPS)",
};

/** CONTRACT §5: a comment has 10..1000 visible characters; a reply of either side 1..1000 (shared with the web app). */
export const PULSE_COMMENT_TEXT = { min: 10, max: 1000, multiline: true } as const;
export const PULSE_REPLY_TEXT = { min: 1, max: 1000, multiline: true } as const;
