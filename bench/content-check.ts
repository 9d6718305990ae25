import { checkContent, countLinks } from "../src/modules/questions/index.js";
import { machine, saveResults } from "./lib.js";

/**
 * The content check's cost on a 10,000-character body (the longest a tenant may allow), for its
 * worst cases and an ordinary text: the link pattern of before (the baseline, copied here), the
 * link check now, the whole check now, and a trivial linear pass over the same characters (a loop
 * counting the non-space ones), all in the same run. Then how the link checks grow with the size.
 * No server or database needed.
 */
const OLD_LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|io|ru|cn|xyz|top|biz|info)\/\S*/gi;
const oldCountLinks = (text: string): number => text.match(OLD_LINK)?.length ?? 0;

function trivialPass(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x20) count += 1;
  return count;
}

const ORDINARY =
  "How will the new travel policy affect team offsites next quarter, and who approves the budget? " +
  "The details are on intranet.example.com/travel but the page does not say. ";
const SIZE = 10_000;
const fill = (unit: string, size = SIZE): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const INPUTS: Record<string, string> = {
  "ordinary text with a link": fill(ORDINARY),
  "letters, digits, hyphens `ab1-`": fill("ab1-"),
  "hyphenated letters `a-`": fill("a-"),
  "letters only `a`": fill("a"),
  "`www.` repeated": fill("www."),
  "`a.` repeated": fill("a."),
  "`http:/` repeated": fill("http:/"),
};

/** Median milliseconds of one call, over `runs` calls after two warm-up calls. */
function median(fn: () => unknown, runs = Number(process.env.BENCH_SAMPLES ?? 21)): number {
  fn();
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const ms = (value: number): string => (value < 0.1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : value.toFixed(0));
const ratio = (value: number, base: number): string => {
  const times = value / base;
  return `${times < 10 ? times.toFixed(1) : Math.round(times).toLocaleString("en")}×`;
};

function main() {
  const rows: Array<Record<string, number | string>> = [];
  console.log(`Machine: ${machine()}\n`);
  console.log("| 10,000 characters | trivial pass ms | old link pattern ms (× trivial) | link check now ms (× trivial) | whole check now ms (× trivial) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, text] of Object.entries(INPUTS)) {
    if (oldCountLinks(text) !== countLinks(text)) throw new Error(`the link checks disagree on ${name}`);
    const trivial = median(() => trivialPass(text));
    const old = median(() => oldCountLinks(text), 5);
    const now = median(() => countLinks(text));
    const whole = median(() => checkContent(text));
    rows.push({ input: name, trivial, old, now, whole });
    console.log(
      `| ${name} | ${ms(trivial)} | ${ms(old)} (${ratio(old, trivial)}) | ${ms(now)} (${ratio(now, trivial)}) | ${ms(whole)} (${ratio(whole, trivial)}) |`,
    );
  }

  const growth: Array<Record<string, number>> = [];
  console.log("\n| `ab1-` repeated, characters | trivial pass ms | old link pattern ms | link check now ms |\n|---:|---:|---:|---:|");
  for (const size of [1_000, 10_000, 20_000, 100_000]) {
    const text = fill("ab1-", size);
    const trivial = median(() => trivialPass(text));
    // The old pattern is quadratic: at 100,000 characters one call takes seconds.
    const old = size <= 20_000 ? median(() => oldCountLinks(text), 5) : Number.NaN;
    const now = median(() => countLinks(text));
    growth.push({ size, trivial, old, now });
    console.log(`| ${size.toLocaleString("en")} | ${ms(trivial)} | ${Number.isNaN(old) ? "not run" : ms(old)} | ${ms(now)} |`);
  }
  saveResults("content-check", { machine: machine(), rows, growth });
}

main();
