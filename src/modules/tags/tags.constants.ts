/** The tag that drives presenter mode (matched without regard to case); the web app reads it from here too. */
export const PRESENTING_TAG = "Currently Presenting";
