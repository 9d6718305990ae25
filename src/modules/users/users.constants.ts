/**
 * The CSV import of people (CONTRACT §10), as the server checks it and the admin page explains it.
 * Plain values only: the web app reads them at run time.
 */
export const USER_IMPORT_COLUMNS = ["email", "name", "role", "team"] as const;

/** Data rows after the header; one more and the file is refused whole. */
export const USER_IMPORT_MAX_ROWS = 10_000;

/**
 * The body's limit: 10,000 rows of a long address, a long name, a role and a team name fit in
 * 5 MB with room to spare (a typical row is under 100 bytes).
 */
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const USER_IMPORT_ACTIONS = ["created", "updated", "unchanged", "error"] as const;
export type UserImportAction = (typeof USER_IMPORT_ACTIONS)[number];

/** What the admin page offers to download: the header and two example rows. */
export const USER_IMPORT_TEMPLATE = 'email,name,role,team\r\nada@example.com,Ada Lovelace,member,Engineering\r\ngrace@example.com,"Hopper, Grace",viewer,\r\n';

/** Where a person hears that their question was answered (CONTRACT §11); e-mail unless they choose Slack. */
export const ANSWERS_VIA = ["email", "slack"] as const;
export type AnswersVia = (typeof ANSWERS_VIA)[number];
