/** What the moderation page (ModerationPage) and its lists (ModerationLists) both name: the views, and the lists they show. */
export type View = "queue" | "answered" | "polls";

export const LIST_NAMES = ["review", "open", "answered"] as const;
export type ListName = (typeof LIST_NAMES)[number];
