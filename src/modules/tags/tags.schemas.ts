import { z } from "zod";
import { userText } from "../../platform/user-text.js";

export { PRESENTING_TAG } from "./tags.constants.js";

const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/, "must be a hex colour like #1a2b3c")
  .transform((color) => (color.length === 4 ? `#${[...color.slice(1)].map((digit) => digit + digit).join("")}` : color).toLowerCase());

const tagName = userText({ min: 1, max: 50 });

export const tagSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string(), createdAt: z.string() });
export const tagIdParams = z.object({ id: z.uuid() });
export const createTagBody = z.strictObject({ name: tagName, color: hexColor });
export const updateTagBody = z
  .strictObject({ name: tagName.optional(), color: hexColor.optional() })
  .refine((body) => body.name !== undefined || body.color !== undefined, "give a name or a color");
