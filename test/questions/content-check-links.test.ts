import { describe, expect, it } from "vitest";
import { checkContent, countLinks } from "../../src/modules/questions/questions.content-check.js";

/**
 * The content check's link count is linear in the text's length (its timing is in
 * bench/content-check.ts) and finds what the plain pattern below finds: this pattern is the
 * reference, quadratic on runs of letters, digits and hyphens.
 */
const REFERENCE = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|io|ru|cn|xyz|top|biz|info)\/\S*/gi;
const referenceCount = (text: string): number => text.match(REFERENCE)?.length ?? 0;

/** A small deterministic generator (a linear congruential one), so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

describe("content check: links", () => {
  it.each([
    ["See https://wiki.example.com/travel for the policy", 1],
    ["Docs at http://intranet/docs and HTTPS://Example.org/a?b=c", 2],
    ["Is www.example.com still up?", 1],
    ["The form is at forms-2.example.io/leave and careers.example.com/jobs, right?", 2],
    ["Check my-site.com/x, shop.xyz/ and cheap.biz/deal now", 3],
    ["Five: a.com/ b.net/ c.org/ d.ru/ e.cn/", 5],
    ["Not links: example.com, node.js, e-mail, 3.5/4, www, http:, www.", 0],
    ["One word holds one link: https://a.example/x.com/y", 1],
  ])("%s: %i", (text, links) => {
    expect(countLinks(text)).toBe(links);
    expect(referenceCount(text)).toBe(links);
  });

  it("finds what the reference finds on 20,000 generated texts of link fragments, word characters and separators", () => {
    const pieces = [
      "a",
      "Z",
      "7",
      "-",
      "_",
      ".",
      "/",
      " ",
      "\n",
      "é",
      "com",
      "io",
      "info",
      "www.",
      "http://",
      "HTTPS://",
      ".com/",
      ".io/",
      "x.org/p",
      "!",
      ":",
    ];
    const random = generator(29);
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      let text = "";
      const length = 1 + Math.floor(random() * 12);
      for (let j = 0; j < length; j += 1) text += pieces[Math.floor(random() * pieces.length)];
      if (countLinks(text) !== referenceCount(text)) disagreements.push(text);
    }
    expect(disagreements).toEqual([]);
  });

  it("finds what the reference finds on 10,000-character runs that make the reference backtrack", () => {
    const fill = (unit: string) => unit.repeat(Math.ceil(10_000 / unit.length)).slice(0, 10_000);
    for (const text of [fill("ab1-"), fill("a-"), fill("www."), fill("a."), fill("http:/"), `${fill("a-")}.com/x`, `${fill("-")}a.io/`]) {
      expect(countLinks(text), text.slice(0, 12)).toBe(referenceCount(text));
    }
  });

  it("grades links as before: two are low, three medium, five high", () => {
    expect(checkContent("Compare a.example.com/x with b.example.com/y please")).toMatchObject({ confidence: "low", reasons: ["several links"] });
    expect(checkContent("See www.a.example, www.b.example and www.c.example")).toMatchObject({ confidence: "medium", reasons: ["many links"] });
    expect(checkContent("a.com/1 b.com/2 c.com/3 d.com/4 e.com/5 are all ours")).toMatchObject({ confidence: "high", reasons: ["spam"] });
  });
});
