import { execFileSync, fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import express from "express";
import { MAX_ATTEMPTS, retryDelayMs } from "../web/src/shared/retry.js";
import {
  BEHIND_TLS_PROXY,
  dropDatabase,
  machine,
  productionAppEnv,
  recreateDemoDatabase,
  sampleProcess,
  saveResults,
  startServer,
  startBaseline,
  waitFor,
  withClient,
} from "./lib.js";

/**
 * Issue 19: an all-hands on one production-mode instance (PostgreSQL, Redis). N signed-in people
 * each hold a live stream (one user per stream, from several client processes); a burst of board
 * loads; then votes, new questions and presenter changes at a fixed rate. Measured: board-load and
 * vote latency, delivery of each event from its write to every client, lost events, errors, the
 * server's RSS and CPU. The same burst and the same kind of event traffic then run against bare
 * node:http and plain Express 5 servers answering the same bytes from memory (the baselines).
 * BENCH_SMALL=1: 2,000 clients, 2,000 board loads over 10 s, 60 s of votes.
 */
const SMALL = process.env.BENCH_SMALL === "1";
const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? (SMALL ? 2000 : 10_000));
const BOARD_LOADS = Number(process.env.BENCH_BOARD_LOADS ?? (SMALL ? 2000 : 10_000));
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? (SMALL ? 10 : 30));
const VOTE_SECONDS = Number(process.env.BENCH_DURATION ?? (SMALL ? 60 : 300));
/** The baselines' event phase is shorter: they only show what the same fan-out costs without the app. */
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? Math.min(VOTE_SECONDS, SMALL ? 30 : 60));
const VOTES_PER_SECOND = 200;
const QUESTIONS_PER_SECOND = 5;
const PRESENTER_EVERY_MS = 10_000;
/** The questions people vote on: an all-hands' votes go to the top of the board. */
const VOTE_POOL = 30;
const CLIENTS_PER_PROCESS = Number(process.env.BENCH_CLIENTS_PER_PROCESS ?? 2500);
/** Wait after the last write before judging what every client last saw (coalescing window is 250 ms). */
const SETTLE_MS = 3000;
const MAX_LATENCY_MS = 60_000;

/**
 * Worker processes of the app (WEB_CONCURRENCY), default 1 as the service's own default: on this
 * bench's two cores, shared with PostgreSQL, Redis, the driver and the client processes, a second
 * worker only adds contention (see bench/README.md, 2026-11-28 15:23).
 */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** BENCH_SERVER_ENV="OVERLOAD_MAX_IN_FLIGHT=0 ...": more settings for the app (e.g. to measure without load shedding). */
const SERVER_ENV = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? "")
    .split(" ")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);

const APP_PORT = 3241;
const BARE_PORT = 3242;
const EXPRESS_PORT = 3243;
const BARE_SSE_PORT = 3244;
const EXPRESS_SSE_PORT = 3245;
const DB_NAME = "qa_bench_allhands";
const METRICS_TOKEN = "bench-metrics-token";
const VOTE_LOG = process.env.BENCH_VOTE_LOG;
const PRESENTING = "Currently Presenting";

const UPVOTED = /"type":"question:upvoted".*"questionId":"([^"]+)","upvoteCount":(\d+)/;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Session {
  cookie: string;
  csrf: string;
}

/** Messages from the parent to a client process, and back. */
type ToClient =
  | { type: "open"; url: string; cookies: string[] }
  | { type: "sent"; key: string; at: number }
  | { type: "pollReport"; finalCount: number; from: number }
  | { type: "finish"; finalCounts: Record<string, number> };
/** Per client process: how many of its streams saw the poll's final count, and when (ms after `from`). */
interface PollReport {
  type: "pollReport";
  streams: number;
  sawFinal: number;
  latencies: number[];
}
interface ClientReport {
  type: "report";
  opened: number;
  refused: number;
  drops: number;
  histogram: Array<[number, number]>;
  perEvent: Record<string, { count: number; max: number }>;
  staleCounts: number;
  unseenCounts: number;
}

// ---------------------------------------------------------------------------------------------
// Client process: holds its share of the streams, times each awaited event on arrival.

function runClientProcess(): void {
  const send = (message: unknown) => process.send?.(message);
  const sentAt = new Map<string, number>();
  const waiting = new Map<string, number[]>();
  const histogram = new Uint32Array(MAX_LATENCY_MS + 1);
  const perEvent = new Map<string, { count: number; max: number }>();
  const streams: Array<{ counts: Map<string, number>; req: http.ClientRequest | null; lastId: string | null; pollCount: number; pollAt: number }> = [];
  let opened = 0;
  let refused = 0;
  let drops = 0;
  let finishing = false;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

  const record = (key: string, arrival: number) => {
    const at = sentAt.get(key);
    if (at === undefined) {
      const list = waiting.get(key) ?? [];
      list.push(arrival);
      waiting.set(key, list);
      return;
    }
    const latency = Math.max(0, arrival - at);
    histogram[Math.min(MAX_LATENCY_MS, Math.round(latency))]! += 1;
    const entry = perEvent.get(key) ?? { count: 0, max: 0 };
    entry.count += 1;
    entry.max = Math.max(entry.max, latency);
    perEvent.set(key, entry);
  };

  /**
   * What one piece of a stream says: its last event id, the vote counts and the awaited events in it.
   * Every stream gets the same bytes for a batch (the server encodes a batch once), so a client
   * process reads each distinct piece once and applies the result to each stream that received it.
   * Thousands of streams per process on two shared cores: reading each stream's copy again took
   * the CPU the server needs (a phone in the room reads only its own).
   */
  interface Reading {
    lastId: string | null;
    counts: Array<[string, number]>;
    awaited: string[];
    /** The highest poll vote count in the piece (poll:voted or poll:results), -1 when none. */
    pollCount: number;
  }
  const readings = new Map<string, Reading>();
  const READINGS_KEPT = 512;

  const read = (text: string): Reading => {
    const known = readings.get(text);
    if (known) return known;
    const reading: Reading = { lastId: null, counts: [], awaited: [], pollCount: -1 };
    for (const message of text.split("\n\n")) {
      const idLine = /^id: (\d+)$/m.exec(message);
      if (idLine) reading.lastId = idLine[1] as string;
      const dataAt = message.indexOf("data: ");
      if (dataAt < 0 || message.includes('"type":"heartbeat"')) continue;
      const vote = UPVOTED.exec(message);
      if (vote) {
        reading.counts.push([vote[1] as string, Number(vote[2])]);
        continue;
      }
      const event = JSON.parse(message.slice(dataAt + 6)) as { type: string; data: Record<string, unknown> };
      if (event.type === "poll:voted" || event.type === "poll:results") {
        const count = Number(event.data.voteCount ?? (event.data.results as { voteCount?: number } | undefined)?.voteCount);
        if (Number.isFinite(count)) reading.pollCount = Math.max(reading.pollCount, count);
      } else if (event.type === "question:created") {
        const marker = /\(ah-(\d+)\)/.exec(String(event.data.body));
        if (marker) reading.awaited.push(`q:${marker[1]}`);
      } else if (event.type === "question:tagged") {
        const tag = event.data.tag as { name?: string } | undefined;
        if (tag?.name === PRESENTING) reading.awaited.push(`p:${event.data.questionId as string}`);
      }
    }
    readings.set(text, reading);
    if (readings.size > READINGS_KEPT) readings.delete(readings.keys().next().value as string);
    return reading;
  };

  const apply = (stream: (typeof streams)[number], reading: Reading, arrival: number) => {
    if (reading.lastId !== null) stream.lastId = reading.lastId;
    for (const [questionId, count] of reading.counts) stream.counts.set(questionId, count);
    for (const key of reading.awaited) record(key, arrival);
    if (reading.pollCount > stream.pollCount) {
      stream.pollCount = reading.pollCount;
      stream.pollAt = arrival;
    }
  };

  const connect = (url: string, cookie: string, stream: (typeof streams)[number]): Promise<void> =>
    new Promise((resolve) => {
      const headers: Record<string, string> = { cookie, accept: "text/event-stream", ...BEHIND_TLS_PROXY };
      if (stream.lastId) headers["last-event-id"] = stream.lastId;
      const req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) {
          refused += 1;
          res.resume();
          resolve();
          return;
        }
        opened += 1;
        resolve();
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          const arrival = now();
          buffer += chunk;
          const end = buffer.lastIndexOf("\n\n");
          if (end < 0) return;
          apply(stream, read(buffer.slice(0, end)), arrival);
          buffer = buffer.slice(end + 2);
        });
        res.on("close", () => {
          if (finishing) return;
          // The server ended the stream (too slow a reader, or a restart): the browser would reconnect.
          drops += 1;
          setTimeout(() => void connect(url, cookie, stream), 1000);
        });
      });
      stream.req = req;
      req.on("error", () => {
        if (!finishing) refused += 1;
        resolve();
      });
    });

  process.on("message", async (message: ToClient) => {
    if (message.type === "open") {
      for (let i = 0; i < message.cookies.length; i += 1) streams.push({ counts: new Map(), req: null, lastId: null, pollCount: -1, pollAt: 0 });
      // Opened 50 at a time, as a room fills: not all in the same millisecond.
      for (let from = 0; from < message.cookies.length; from += 50) {
        await Promise.all(message.cookies.slice(from, from + 50).map((cookie, i) => connect(message.url, cookie, streams[from + i]!)));
      }
      send({ type: "ready", opened, refused });
    } else if (message.type === "sent") {
      sentAt.set(message.key, message.at);
      const early = waiting.get(message.key);
      waiting.delete(message.key);
      for (const arrival of early ?? []) record(message.key, arrival);
    } else if (message.type === "pollReport") {
      const reached = streams.filter((stream) => stream.pollCount === message.finalCount);
      const report: PollReport = {
        type: "pollReport",
        streams: streams.length,
        sawFinal: reached.length,
        latencies: reached.map((stream) => Math.max(0, stream.pollAt - message.from)),
      };
      send(report);
    } else if (message.type === "finish") {
      finishing = true;
      let staleCounts = 0;
      let unseenCounts = 0;
      for (const stream of streams) {
        for (const [questionId, finalCount] of Object.entries(message.finalCounts)) {
          const seen = stream.counts.get(questionId);
          if (seen === undefined) unseenCounts += 1;
          else if (seen !== finalCount) staleCounts += 1;
        }
        stream.req?.destroy();
      }
      const pairs: Array<[number, number]> = [];
      histogram.forEach((count, ms) => count > 0 && pairs.push([ms, count]));
      const report: ClientReport = {
        type: "report",
        opened,
        refused,
        drops,
        histogram: pairs,
        perEvent: Object.fromEntries(perEvent),
        staleCounts,
        unseenCounts,
      };
      // Exit once the report is handed to the channel: a large one (10,000 clients) takes longer than a fixed wait.
      process.send?.(report, () => process.exit(0));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Baseline fan-out server: node:http or plain Express 5 keeping the streams, no app behind them.

function runFanOutServer(port: number, kind: "bare" | "express"): void {
  const streams = new Set<http.ServerResponse>();
  let nextId = 0;
  const open = (res: http.ServerResponse) => {
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    res.write("retry: 3000\n\n");
    streams.add(res);
    res.on("close", () => streams.delete(res));
  };
  const publish = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      nextId += 1;
      const message = `id: ${nextId}\ndata: ${body}\n\n`;
      for (const stream of streams) stream.write(message);
      res.writeHead(204).end();
    });
  };
  if (kind === "bare") {
    http
      .createServer((req, res) => {
        if (req.url?.startsWith("/events")) open(res);
        else if (req.url === "/publish") publish(req, res);
        else res.writeHead(200).end("ok");
      })
      .listen(port, "127.0.0.1");
  } else {
    const app = express();
    app.get("/events", (_req, res) => open(res));
    app.post("/publish", (req, res) => publish(req, res));
    app.get("/health", (_req, res) => void res.send("ok"));
    app.listen(port, "127.0.0.1");
  }
}

// ---------------------------------------------------------------------------------------------
// Driver helpers.

/**
 * Idle connections are dropped after 4 s, before the servers drop them (5 s), as the README's nginx
 * does: a request sent on a connection the server is closing gets ECONNRESET and no answer.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 4000 });
/** Requests of the driver that got no answer, by error code (status 0 in the figures). */
const requestFailures = new Map<string, number>();
/** The first few error answers of the app (not 503), to say what they were. */
const errorSamples: string[] = [];
/** 503s with Retry-After that the driver waited out and sent again (shed by the server: not errors unless the last attempt failed too). */
const retried = { count: 0 };

/** One HTTP request; resolves with status (0 = network error) and the body. */
function request(
  base: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; retryAfter?: number }> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${pathname}`, { method, agent, headers: body ? { ...headers, "content-type": "application/json" } : headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, retryAfter: Number(res.headers["retry-after"]) || undefined }));
      res.on("error", () => resolve({ status: 0, body: "" }));
    });
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      requestFailures.set(code, (requestFailures.get(code) ?? 0) + 1);
      resolve({ status: 0, body: "" });
    });
    req.end(body);
  });
}

/** A request as the web app sends it (web/src/shared/retry.ts): a 503 with Retry-After is sent again after the wait, with jitter, a few times at most. */
async function requestRetrying(base: string, method: string, pathname: string, headers: Record<string, string>, body?: string) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await request(base, method, pathname, headers, body);
    if (answer.status >= 400 && answer.status !== 503 && errorSamples.length < 5)
      errorSamples.push(`${method} ${pathname.split("?")[0]} ${answer.status} ${answer.body.slice(0, 200)}`);
    if (answer.status !== 503 || !answer.retryAfter || attempt >= MAX_ATTEMPTS) return answer;
    retried.count += 1;
    await sleep(retryDelayMs(answer.retryAfter, attempt));
  }
}

/** Calls `work(i)` at a fixed rate (open loop: a slow answer does not delay the next request). */
async function atRate(perSecond: number, seconds: number, work: (i: number) => Promise<void>): Promise<void> {
  const total = Math.round(perSecond * seconds);
  const started = now();
  const inFlight: Array<Promise<void>> = [];
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor(((now() - started) / 1000) * perSecond) + 1);
    for (; next < due; next += 1) inFlight.push(work(next));
    await sleep(2);
  }
  await Promise.all(inFlight);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number).toFixed(1);
}

function histogramPercentile(histogram: Map<number, number>, p: number): number {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (const [ms, count] of [...histogram].sort((a, b) => a[0] - b[0])) {
    seen += count;
    if (seen >= (p / 100) * total) return ms;
  }
  return 0;
}

/** The child processes of a process (the app's workers). */
function childPids(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The pids of a program running on this machine (PostgreSQL's backends, Redis), none if pgrep finds none. */
function pidsOf(program: string): number[] {
  try {
    return execFileSync("pgrep", ["-x", program], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Where the two cores go during an event phase, beside the server: the client processes, the
 * driver (this process), PostgreSQL and Redis. The bench shares the machine with what it measures.
 */
function sampleMachine(clientPids: number[]) {
  const samplers = {
    clients: sampleProcess(clientPids),
    driver: sampleProcess(process.pid),
    postgres: sampleProcess(pidsOf("postgres")),
    redis: sampleProcess(pidsOf("redis-server")),
  };
  return {
    stop: () =>
      Object.fromEntries(Object.entries(samplers).map(([name, sampler]) => [name, sampler.stop().cpuPercentAvg])) as Record<keyof typeof samplers, number>,
  };
}

/** The client processes for one target: each holds up to CLIENTS_PER_PROCESS streams. */
async function openClients(url: string, cookies: string[]) {
  const children: ChildProcess[] = [];
  const ready: Array<Promise<{ opened: number; refused: number }>> = [];
  const started = now();
  for (let from = 0; from < cookies.length; from += CLIENTS_PER_PROCESS) {
    const child = fork(import.meta.filename, ["client"], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    children.push(child);
    ready.push(new Promise((resolve) => child.once("message", (message: { opened: number; refused: number }) => resolve(message))));
    child.send({ type: "open", url, cookies: cookies.slice(from, from + CLIENTS_PER_PROCESS) } satisfies ToClient);
  }
  const answers = await Promise.all(ready);
  const connect = {
    opened: answers.reduce((sum, a) => sum + a.opened, 0),
    refused: answers.reduce((sum, a) => sum + a.refused, 0),
    seconds: +((now() - started) / 1000).toFixed(1),
  };
  console.log(`streams: ${JSON.stringify(connect)}`);
  return {
    connect,
    pids: children.map((child) => child.pid as number),
    announce(key: string) {
      const message: ToClient = { type: "sent", key, at: now() };
      for (const child of children) child.send(message);
    },
    /** Per stream, whether and when it saw the poll's final count (ms after `from`). */
    async pollReport(finalCount: number, from: number) {
      const reports = await Promise.all(
        children.map(
          (child) =>
            new Promise<PollReport>((resolve) => {
              const listener = (message: PollReport) => {
                if (message.type !== "pollReport") return;
                child.off("message", listener);
                resolve(message);
              };
              child.on("message", listener);
              child.send({ type: "pollReport", finalCount, from } satisfies ToClient);
            }),
        ),
      );
      const latencies = reports.flatMap((report) => report.latencies).sort((a, b) => a - b);
      return {
        streams: reports.reduce((sum, report) => sum + report.streams, 0),
        sawFinal: latencies.length,
        deliveryP50: percentile(latencies, 50),
        deliveryP99: percentile(latencies, 99),
        deliveryMax: percentile(latencies, 100),
      };
    },
    async finish(finalCounts: Record<string, number>) {
      const reports = await Promise.all(
        children.map(
          (child) =>
            new Promise<ClientReport>((resolve, reject) => {
              child.on("message", (message: ClientReport) => message.type === "report" && resolve(message));
              child.once("exit", (code) => reject(new Error(`a client process exited (${code}) without its report`)));
              child.send({ type: "finish", finalCounts } satisfies ToClient);
            }),
        ),
      );
      return summariseDelivery(reports, connect.opened);
    },
  };
}

function summariseDelivery(reports: ClientReport[], clients: number) {
  const histogram = new Map<number, number>();
  const perEvent = new Map<string, { count: number; max: number }>();
  for (const report of reports) {
    for (const [ms, count] of report.histogram) histogram.set(ms, (histogram.get(ms) ?? 0) + count);
    for (const [key, entry] of Object.entries(report.perEvent)) {
      const merged = perEvent.get(key) ?? { count: 0, max: 0 };
      perEvent.set(key, { count: merged.count + entry.count, max: Math.max(merged.max, entry.max) });
    }
  }
  const toLast = (prefix: string) =>
    [...perEvent]
      .filter(([key]) => key.startsWith(prefix))
      .map(([, entry]) => entry.max)
      .sort((a, b) => a - b);
  const created = toLast("q:");
  const presenter = toLast("p:");
  return {
    clients,
    deliveriesMeasured: [...histogram.values()].reduce((sum, count) => sum + count, 0),
    anyClientP50: histogramPercentile(histogram, 50),
    anyClientP99: histogramPercentile(histogram, 99),
    createdToLastClientP50: percentile(created, 50),
    createdToLastClientP99: percentile(created, 99),
    presenterToLastClientP50: percentile(presenter, 50),
    presenterToLastClientP99: percentile(presenter, 99),
    eventsTimed: perEvent.size,
    drops: reports.reduce((sum, r) => sum + r.drops, 0),
    refused: reports.reduce((sum, r) => sum + r.refused, 0),
    staleVoteCounts: reports.reduce((sum, r) => sum + r.staleCounts, 0),
    unseenVoteCounts: reports.reduce((sum, r) => sum + r.unseenCounts, 0),
    perEvent,
  };
}

/** Missing deliveries: for each announced event, the clients that never received it. */
function missing(delivery: ReturnType<typeof summariseDelivery>, announced: string[]): number {
  return announced.reduce((sum, key) => sum + (delivery.clients - (delivery.perEvent.get(key)?.count ?? 0)), 0);
}

// ---------------------------------------------------------------------------------------------
// The scenario.

interface Target {
  name: string;
  /** The questions voted on, and how many people vote (voteTarget). */
  pool: string[];
  voters: number;
  base: string;
  /** Requests of one board load, by user. */
  boardPaths: string[];
  get(pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
  vote(i: number): Promise<number>;
  ask(i: number): Promise<string | null>;
  present(questionId: string, i: number): Promise<number>;
  /** A single-choice poll with results shown, opened by the moderator. */
  openPoll(): Promise<{ id: string; optionIds: string[] }>;
  pollVote(poll: { id: string; optionIds: string[] }, i: number): Promise<number>;
  pollCount(poll: { id: string }): Promise<number>;
}

const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 20);

/**
 * The poll: the moderator opens a single-choice poll with its results shown, every client votes
 * once within POLL_SECONDS (open loop), and each client's stream times the arrival of the final
 * count (poll:voted / poll:results) after the last vote was answered.
 */
async function pollPhase(target: Target, clients: Awaited<ReturnType<typeof openClients>>, voters: number) {
  const poll = await target.openPoll();
  await sleep(1000);
  const times: number[] = [];
  let errors = 0;
  let lastAnswered = 0;
  retried.count = 0;
  requestFailures.clear();
  await atRate(voters / POLL_SECONDS, POLL_SECONDS, async (i) => {
    const started = now();
    const status = await target.pollVote(poll, i);
    times.push(now() - started);
    lastAnswered = Math.max(lastAnswered, now());
    if (status < 200 || status >= 300) errors += 1;
  });
  await sleep(SETTLE_MS);
  const finalCount = await target.pollCount(poll);
  const delivery = await clients.pollReport(finalCount, lastAnswered);
  times.sort((a, b) => a - b);
  return {
    votes: times.length,
    finalCount,
    voteP50: percentile(times, 50),
    voteP99: percentile(times, 99),
    errors,
    retriedAfter503: retried.count,
    failedRequests: Object.fromEntries(requestFailures),
    missing: delivery.streams - delivery.sawFinal,
    ...delivery,
  };
}

async function boardBurst(target: Target, sessions: Session[]) {
  const times: number[] = [];
  let errors = 0;
  retried.count = 0;
  await atRate(BOARD_LOADS / BURST_SECONDS, BURST_SECONDS, async (i) => {
    const session = sessions[i % sessions.length] as Session;
    const headers = { cookie: session.cookie, accept: "application/json", ...BEHIND_TLS_PROXY };
    const started = now();
    const answers = await Promise.all(target.boardPaths.map((pathname) => target.get(pathname, headers)));
    times.push(now() - started);
    if (answers.some((answer) => answer.status < 200 || answer.status >= 300)) errors += 1;
  });
  times.sort((a, b) => a - b);
  return { loads: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: percentile(times, 100), errors, retriedAfter503: retried.count };
}

async function eventPhase(
  target: Target,
  clients: Awaited<ReturnType<typeof openClients>>,
  seconds: number,
  finalCounts: () => Promise<Record<string, number>>,
) {
  const voteTimes: number[] = [];
  let voteErrors = 0;
  const voteErrorStatuses: Record<string, number> = {};
  requestFailures.clear();
  retried.count = 0;
  const votesAnswered = new Map<string, number>();
  let writeErrors = 0;
  const announced: string[] = [];
  const createdIds: string[] = [];
  let presenterChanges = 0;
  const votes = atRate(VOTES_PER_SECOND, seconds, async (i) => {
    const started = now();
    const status = await target.vote(i);
    voteTimes.push(now() - started);
    if (status >= 200 && status < 300) {
      const { questionId } = voteTarget(target.pool, target.voters, i);
      votesAnswered.set(questionId, (votesAnswered.get(questionId) ?? 0) + 1);
    }
    // BENCH_VOTE_LOG=<file>: one line per vote (target, start in epoch ms, duration in ms), to see when the slow ones come.
    if (VOTE_LOG) fs.appendFileSync(VOTE_LOG, `${target.name} ${Math.round(started)} ${(now() - started).toFixed(1)}\n`);
    if (status < 200 || status >= 300) {
      voteErrors += 1;
      voteErrorStatuses[status] = (voteErrorStatuses[status] ?? 0) + 1;
    }
  });
  const questions = atRate(QUESTIONS_PER_SECOND, seconds, async (i) => {
    const key = `q:${i}`;
    clients.announce(key);
    const id = await target.ask(i);
    if (id) {
      announced.push(key);
      createdIds.push(id);
    } else writeErrors += 1;
  });
  const presenter = atRate(1000 / PRESENTER_EVERY_MS, seconds, async (i) => {
    // The moderator puts the newest question on screen (a new question each time: one event key each).
    const questionId = createdIds.at(-1);
    if (!questionId) return;
    createdIds.length = 0;
    const key = `p:${questionId}`;
    clients.announce(key);
    const status = await target.present(questionId, i);
    if (status >= 200 && status < 300) {
      announced.push(key);
      presenterChanges += 1;
    } else writeErrors += 1;
  });
  await Promise.all([votes, questions, presenter]);
  await sleep(SETTLE_MS);
  const final = await finalCounts();
  const delivery = await clients.finish(final);
  // A vote answered 2xx that the count lacks is lost; a count above the answered votes is a vote that failed for the client but was made.
  let votesLost = 0;
  let votesUnanswered = 0;
  for (const questionId of target.pool) {
    const difference = (votesAnswered.get(questionId) ?? 0) - (final[questionId] ?? 0);
    if (difference > 0) votesLost += difference;
    else votesUnanswered -= difference;
  }
  voteTimes.sort((a, b) => a - b);
  const { perEvent: _perEvent, ...figures } = delivery;
  // The first few events some client never received, with how many did: a lost event from a late one.
  const unreceived = announced.filter((key) => (delivery.perEvent.get(key)?.count ?? 0) < delivery.clients);
  for (const key of unreceived.slice(0, 5)) {
    const position = `${announced.indexOf(key) + 1} of ${announced.length} announced`;
    console.log(`${target.name}: ${key} reached ${delivery.perEvent.get(key)?.count ?? 0} of ${delivery.clients} clients (${position})`);
  }
  return {
    seconds,
    votes: voteTimes.length,
    voteP50: percentile(voteTimes, 50),
    voteP99: percentile(voteTimes, 99),
    voteErrors,
    voteErrorStatuses,
    errorSamples: errorSamples.splice(0),
    votesLost,
    votesMadeButFailedForClient: votesUnanswered,
    retriedAfter503: retried.count,
    failedRequests: Object.fromEntries(requestFailures),
    questionsAsked: announced.filter((key) => key.startsWith("q:")).length,
    presenterChanges,
    writeErrors,
    missingDeliveries: missing(delivery, announced),
    ...figures,
  };
}

async function scrapeMetrics(): Promise<string> {
  return (await request(`http://127.0.0.1:${APP_PORT}`, "GET", "/metrics", { authorization: `Bearer ${METRICS_TOKEN}` })).body;
}

/**
 * What the server itself saw during the event phase, to tell its own time from the queues of the
 * machine it shares with the clients: the vote's duration from the app's histogram (request
 * handled to response finished; bucket upper bounds, so "≤ x ms") and the event loop's delay.
 */
function serverView(before: string, after: string) {
  const buckets = (text: string) => {
    const counts = new Map<number, number>();
    const pattern = /^qa_http_request_duration_seconds_bucket\{(.*)\} (\d+)$/gm;
    for (const [, labels, count] of text.matchAll(pattern)) {
      if (!labels?.includes('route="/questions/:id/upvote"') || !labels.includes('method="POST"') || !labels.includes('status_code="200"')) continue;
      const le = /le="([^"]+)"/.exec(labels)?.[1] as string;
      counts.set(le === "+Inf" ? Infinity : Number(le), Number(count));
    }
    return counts;
  };
  const start = buckets(before);
  const end = [...buckets(after)].map(([le, count]) => [le, count - (start.get(le) ?? 0)] as const).sort((a, b) => a[0] - b[0]);
  const total = end.at(-1)?.[1] ?? 0;
  const upperBound = (p: number) => 1000 * (end.find(([, count]) => count >= (total * p) / 100)?.[0] ?? NaN);
  const gauge = (name: string) => 1000 * Number(new RegExp(`^${name} ([\\d.e+-]+)$`, "m").exec(after)?.[1] ?? NaN);
  const shed = (text: string) =>
    Object.fromEntries([...text.matchAll(/^qa_http_shed_total\{reason="([^"]+)"\} (\d+)$/gm)].map(([, reason, count]) => [reason as string, Number(count)]));
  return {
    // With several workers each scrape reaches one of them: these are that worker's figures.
    shedByOneWorker: shed(after),
    serverVotes: total,
    serverVoteP50AtMost: upperBound(50),
    serverVoteP99AtMost: upperBound(99),
    // prom-client resets these at each scrape: they cover the event phase.
    eventLoopDelayP50: +gauge("qa_nodejs_eventloop_lag_p50_seconds").toFixed(1),
    eventLoopDelayP99: +gauge("qa_nodejs_eventloop_lag_p99_seconds").toFixed(1),
    eventLoopDelayMax: +gauge("qa_nodejs_eventloop_lag_max_seconds").toFixed(1),
  };
}

/** CLIENTS bench users in the moderator's team, limits lifted, VOTE_POOL open questions to vote on. */
async function prepare(url: string) {
  return withClient(url, async (client) => {
    const tenant = (await client.query("select id from tenants where slug = 'default'")).rows[0].id as string;
    const moderator = (await client.query("select id, primary_team_id from users where tenant_id = $1 and sso_id = 'moderator'", [tenant])).rows[0];
    const teamId = moderator.primary_team_id as string;
    const teamSlug = (await client.query("select slug from teams where id = $1", [teamId])).rows[0].slug as string;
    await client.query(
      `insert into users (tenant_id, email, name, role, primary_team_id, sso_provider, sso_id)
       select $1, 'bench' || i || '@bench.example', 'Bench Person ' || i, 'member', $2, 'demo', 'bench' || i
       from generate_series(0, $3::int - 1) as i`,
      [tenant, teamId, CLIENTS],
    );
    await client.query(
      `insert into team_members (tenant_id, team_id, user_id, role)
       select $1, $2, id, 'member' from users where tenant_id = $1 and sso_id like 'bench%'`,
      [tenant, teamId],
    );
    // Every person here is one user (one session, one stream), but the run asks far more questions
    // per hour than a person would: the per-user limits are raised so the bench measures the service.
    await client.query(
      `update tenant_settings set settings = jsonb_set(settings, '{security,rateLimits}',
        '{"questionsPerHour": 1000000, "upvotesPerMinute": 1000000, "responsesPerHour": 1000000, "searchPerMinute": 1000000, "emailRecipientsPerHour": 1000000}')
       where tenant_id = $1`,
      [tenant],
    );
    const pool = (
      await client.query(
        `insert into questions (tenant_id, team_id, author_id, body, status, upvote_count, submitted_at)
         select $1, $2, $3, 'All-hands question ' || i || ': what is the plan for the next quarter?', 'OPEN', 0, now() - make_interval(secs => i)
         from generate_series(1, $4::int) as i returning id`,
        [tenant, teamId, moderator.id, VOTE_POOL],
      )
    ).rows.map((row) => row.id as string);
    const tagId = (await client.query("select id from tags where tenant_id = $1 and lower(name) = lower($2)", [tenant, PRESENTING])).rows[0].id as string;
    await client.query("vacuum analyze");
    return { teamId, teamSlug, pool, tagId };
  });
}

/** Demo sign-in of each bench user, each from its own client address (the login limit is per address). */
async function signIn(user: string, index: number): Promise<Session> {
  const headers = { ...BEHIND_TLS_PROXY, "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
  const login = await fetch(`http://127.0.0.1:${APP_PORT}/auth/demo?user=${user}&tenant=default`, { redirect: "manual", headers });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  // The whole answer, as a browser's sign-in ends: express-session saves a regenerated session a
  // second time while the 302 goes out, and its last byte follows that save. Asking for the CSRF
  // token before it (another worker, another Redis connection) can have that second save, which
  // has no token, overwrite the token's save: the session's writes then fail CSRF_INVALID.
  await login.arrayBuffer();
  if (login.status !== 302 || !cookie) throw new Error(`sign-in of ${user} failed: ${login.status}`);
  const csrf = (await (await fetch(`http://127.0.0.1:${APP_PORT}/auth/csrf`, { headers: { ...BEHIND_TLS_PROXY, cookie } })).json()) as { csrfToken: string };
  return { cookie, csrf: csrf.csrfToken };
}

async function signInAll(): Promise<Session[]> {
  const sessions: Session[] = new Array(CLIENTS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < CLIENTS) {
        const i = next++;
        sessions[i] = await signIn(`bench${i}`, i + 1);
      }
    }),
  );
  return sessions;
}

const voteTarget = (pool: string[], users: number, i: number) => {
  // The k-th vote of a user goes to the k-th question after its own offset: no user votes twice on one question.
  const user = i % users;
  const k = Math.floor(i / users);
  return { user, questionId: pool[(user + k) % pool.length] as string };
};

function appTarget(sessions: Session[], moderator: Session, data: Awaited<ReturnType<typeof prepare>>): Target {
  const base = `http://127.0.0.1:${APP_PORT}`;
  const write = (session: Session) => ({ cookie: session.cookie, "x-csrf-token": session.csrf, accept: "application/json", ...BEHIND_TLS_PROXY });
  return {
    name: "app",
    base,
    pool: data.pool,
    voters: sessions.length,
    boardPaths: ["/auth/session", "/teams", "/tenant", `/questions?team=${data.teamSlug}&status=OPEN&sort=top&limit=50`, "/tags"],
    get: (pathname, headers) => requestRetrying(base, "GET", pathname, headers),
    async vote(i) {
      const { user, questionId } = voteTarget(data.pool, sessions.length, i);
      // An upvote is idempotent (CONTRACT §3): sent again after a 503, it counts once.
      return (await requestRetrying(base, "POST", `/questions/${questionId}/upvote`, write(sessions[user] as Session))).status;
    },
    async ask(i) {
      const body = JSON.stringify({ body: `How does the all-hands plan change our roadmap next quarter? (ah-${i})`, teamId: data.teamId });
      // A shed write ran nothing (it is refused before its handler): sending it again makes one question.
      const answer = await requestRetrying(base, "POST", "/questions", write(sessions[(i * 7) % sessions.length] as Session), body);
      return answer.status === 201 || answer.status === 200 ? (JSON.parse(answer.body) as { id: string }).id : null;
    },
    async present(questionId) {
      return (await requestRetrying(base, "POST", `/questions/${questionId}/tags`, write(moderator), JSON.stringify({ tagId: data.tagId }))).status;
    },
    async openPoll() {
      const body = JSON.stringify({
        teamId: data.teamId,
        title: "Ship the beta this quarter?",
        type: "single",
        options: ["Yes", "No", "Not sure"],
        resultsVisible: true,
      });
      const created = await request(base, "POST", "/polls", write(moderator), body);
      if (created.status !== 201) throw new Error(`poll not created: ${created.status} ${created.body}`);
      const poll = JSON.parse(created.body) as { id: string; options: Array<{ id: string }> };
      const opened = await request(base, "POST", `/polls/${poll.id}/open`, write(moderator));
      if (opened.status !== 200) throw new Error(`poll not opened: ${opened.status} ${opened.body}`);
      return { id: poll.id, optionIds: poll.options.map((option) => option.id) };
    },
    async pollVote(poll, i) {
      // One vote per person; sent again after a 503 it replaces itself with the same choice: counted once.
      const body = JSON.stringify({ optionIds: [poll.optionIds[i % poll.optionIds.length]] });
      return (await requestRetrying(base, "POST", `/polls/${poll.id}/votes`, write(sessions[i % sessions.length] as Session), body)).status;
    },
    async pollCount(poll) {
      const answer = await request(base, "GET", `/polls/${poll.id}/results`, { ...write(moderator), accept: "application/json" });
      return (JSON.parse(answer.body) as { voteCount: number }).voteCount;
    },
  };
}

/**
 * A baseline: board reads and votes to a bare/Express server answering the app's bytes from memory
 * (GET: bench/express-baseline.ts only registers GET routes), events through a fan-out server of
 * the same kind, sent at the app's rates (question:upvoted at the coalescing ceiling, 4/s per question).
 */
function baselineTarget(name: string, port: number, ssePort: number, boardPaths: string[], bodies: string[], pool: string[]) {
  const base = `http://127.0.0.1:${port}`;
  const sse = `http://127.0.0.1:${ssePort}`;
  const counts = new Map(pool.map((id) => [id, 0]));
  let pollVotes = 0;
  const publish = (type: string, data: unknown) =>
    request(sse, "POST", "/publish", {}, JSON.stringify({ type, tenantId: "baseline", data, timestamp: new Date() }));
  const target: Target = {
    name,
    base,
    pool,
    voters: CLIENTS,
    boardPaths,
    get: (pathname, headers) => request(base, "GET", pathname, headers),
    async vote(i) {
      const { questionId } = voteTarget(pool, CLIENTS, i);
      // Counted here as the app counts them; their events go out every 250 ms (flushCounts).
      counts.set(questionId, (counts.get(questionId) ?? 0) + 1);
      return (await request(base, "GET", `/questions/${questionId}/upvote`, {})).status;
    },
    async ask(i) {
      const status = (await publish("question:created", { id: `b-${i}`, body: `(ah-${i}) ${bodies[3]?.slice(0, 200)}` })).status;
      return status === 204 ? `b-${i}` : null;
    },
    async present(questionId) {
      return (await publish("question:tagged", { questionId, tag: { id: "t", name: PRESENTING, color: "#000" } })).status === 204 ? 200 : 500;
    },
    openPoll: async () => ({ id: "bench-poll", optionIds: ["a", "b", "c"] }),
    async pollVote() {
      pollVotes += 1;
      return (await request(base, "GET", "/polls/bench-poll/votes", {})).status;
    },
    pollCount: async () => pollVotes,
  };
  // The app's poll events at its coalescing ceiling: the count every 250 ms while votes come.
  const flushPoll = () => publish("poll:results", { pollId: "bench-poll", teamId: "t", results: { pollId: "bench-poll", voteCount: pollVotes, options: [] } });
  const flushCounts = () => Promise.all([...counts].map(([questionId, upvoteCount]) => publish("question:upvoted", { questionId, upvoteCount })));
  return { target, counts, flushCounts, flushPoll };
}

async function runBaseline(
  name: string,
  servers: { port: number; ssePort: number; pid: number; ssePid: number },
  boardPaths: string[],
  bodies: string[],
  sessions: Session[],
  pool: string[],
) {
  const { port, ssePort } = servers;
  const { target, counts, flushCounts, flushPoll } = baselineTarget(name, port, ssePort, boardPaths, bodies, pool);
  const burstSampler = sampleProcess(servers.pid);
  const burst = { ...(await boardBurst(target, sessions)), ...burstSampler.stop() };
  const clients = await openClients(
    `http://127.0.0.1:${ssePort}/events`,
    sessions.map((s) => s.cookie),
  );
  let pollFlushing = true;
  const pollFlusher = (async () => {
    while (pollFlushing) {
      await flushPoll();
      await sleep(250);
    }
  })();
  const pollSampler = sampleProcess([servers.pid, servers.ssePid]);
  const poll = { ...(await pollPhase(target, clients, sessions.length)), ...pollSampler.stop() };
  pollFlushing = false;
  await pollFlusher;
  let flushing = true;
  const flusher = (async () => {
    while (flushing) {
      await flushCounts();
      await sleep(250);
    }
  })();
  const readsSampler = sampleProcess(servers.pid);
  const fanOutSampler = sampleProcess(servers.ssePid);
  const machineSampler = sampleMachine(clients.pids);
  const events = await eventPhase(target, clients, BASELINE_SECONDS, async () => {
    flushing = false;
    await flusher;
    await flushCounts();
    await sleep(SETTLE_MS);
    return Object.fromEntries(counts);
  });
  const elsewhere = machineSampler.stop();
  return { name, burst, poll, events: { ...events, readServer: readsSampler.stop(), fanOutServer: fanOutSampler.stop(), elsewhere }, streams: clients.connect };
}

type AppResult = {
  burst: Record<string, number>;
  poll: Record<string, unknown>;
  events: Record<string, unknown>;
  streams: { opened: number; refused: number };
};

/** The README table: each figure of the app beside the two baselines', with the app's ratio to each. */
function markdown(
  app: AppResult,
  baselines: Array<{ name: string; burst: Record<string, number>; poll: Record<string, unknown>; events: Record<string, unknown> }>,
): string {
  const [bare, plain] = baselines as [(typeof baselines)[number], (typeof baselines)[number]];
  const rows: Array<[string, (r: { burst: Record<string, number>; poll: Record<string, unknown>; events: Record<string, unknown> }) => number]> = [
    ["board load p50 ms", (r) => r.burst.p50 as number],
    ["board load p99 ms", (r) => r.burst.p99 as number],
    ["board load errors", (r) => r.burst.errors as number],
    ["board requests shed (503, sent again after Retry-After)", (r) => (r.burst.retriedAfter503 as number) ?? 0],
    ["poll vote p50 ms", (r) => r.poll.voteP50 as number],
    ["poll vote p99 ms", (r) => r.poll.voteP99 as number],
    ["poll vote errors", (r) => r.poll.errors as number],
    ["poll votes shed (503, sent again after Retry-After)", (r) => r.poll.retriedAfter503 as number],
    ["poll final count → clients p50 ms (after the last vote's answer)", (r) => r.poll.deliveryP50 as number],
    ["poll final count → clients p99 ms", (r) => r.poll.deliveryP99 as number],
    ["poll final count → last client ms", (r) => r.poll.deliveryMax as number],
    ["poll: clients that never saw the final count", (r) => r.poll.missing as number],
    ["server RSS max MB (poll)", (r) => r.poll.rssMbMax as number],
    ["vote p50 ms", (r) => r.events.voteP50 as number],
    ["vote p99 ms", (r) => r.events.voteP99 as number],
    ["vote errors", (r) => r.events.voteErrors as number],
    ["event-phase requests shed (503, sent again after Retry-After)", (r) => (r.events.retriedAfter503 as number) ?? 0],
    ["votes lost (answered 2xx, not in the count)", (r) => (r.events.votesLost as number) ?? 0],
    ["new question → last client p50 ms", (r) => r.events.createdToLastClientP50 as number],
    ["new question → last client p99 ms", (r) => r.events.createdToLastClientP99 as number],
    ["presenter change → last client p50 ms", (r) => r.events.presenterToLastClientP50 as number],
    ["presenter change → last client p99 ms", (r) => r.events.presenterToLastClientP99 as number],
    ["any delivery p50 ms", (r) => r.events.anyClientP50 as number],
    ["any delivery p99 ms", (r) => r.events.anyClientP99 as number],
    ["missing deliveries", (r) => r.events.missingDeliveries as number],
    ["clients whose last vote count ≠ final (client × question)", (r) => (r.events.staleVoteCounts as number) + (r.events.unseenVoteCounts as number)],
    ["write errors (questions, presenter)", (r) => r.events.writeErrors as number],
    ["streams dropped / refused", (r) => (r.events.drops as number) + (r.events.refused as number)],
  ];
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : "–");
  const lines = ["| figure | app | bare node:http | plain Express 5 | app ÷ bare | app ÷ Express |", "|---|---:|---:|---:|---:|---:|"];
  for (const [label, read] of rows)
    lines.push(`| ${label} | ${read(app)} | ${read(bare)} | ${read(plain)} | ${ratio(read(app), read(bare))} | ${ratio(read(app), read(plain))} |`);
  const usage = (r: Record<string, unknown>, key: string) => (r[key] as Record<string, number> | undefined) ?? {};
  const elsewhere = (r: Record<string, unknown>) => {
    const cpu = usage(r, "elsewhere");
    return `${cpu.clients} / ${cpu.driver} / ${cpu.postgres} / ${cpu.redis}`;
  };
  lines.push(
    `| server RSS max MB (burst / events) | ${app.burst.rssMbMax} / ${app.events.rssMbMax} | ${bare.burst.rssMbMax} / ${usage(bare.events, "readServer").rssMbMax} + ${usage(bare.events, "fanOutServer").rssMbMax} | ${plain.burst.rssMbMax} / ${usage(plain.events, "readServer").rssMbMax} + ${usage(plain.events, "fanOutServer").rssMbMax} | | |`,
    `| server CPU % of one core (burst / events; of which the kernel's) | ${app.burst.cpuPercentAvg} / ${app.events.cpuPercentAvg} (${app.events.systemCpuPercentAvg}) | ${bare.burst.cpuPercentAvg} / ${usage(bare.events, "readServer").cpuPercentAvg} + ${usage(bare.events, "fanOutServer").cpuPercentAvg} (${usage(bare.events, "fanOutServer").systemCpuPercentAvg}) | ${plain.burst.cpuPercentAvg} / ${usage(plain.events, "readServer").cpuPercentAvg} + ${usage(plain.events, "fanOutServer").cpuPercentAvg} (${usage(plain.events, "fanOutServer").systemCpuPercentAvg}) | | |`,
    `| vote inside the server p50 / p99 ms (histogram bucket: at most) | ${app.events.serverVoteP50AtMost} / ${app.events.serverVoteP99AtMost} | | | | |`,
    `| server event-loop delay p50 / p99 / max ms (events) | ${app.events.eventLoopDelayP50} / ${app.events.eventLoopDelayP99} / ${app.events.eventLoopDelayMax} | | | | |`,
    `| beside the server, CPU % of one core (events): client processes / driver / PostgreSQL / Redis | ${elsewhere(app.events)} | ${elsewhere(bare.events)} | ${elsewhere(plain.events)} | | |`,
  );
  return lines.join("\n");
}

async function main() {
  const loadAtStart = os.loadavg().map((value) => +value.toFixed(2));
  console.log(`load average at start: ${loadAtStart.join(" / ")}`);
  const database = await recreateDemoDatabase(DB_NAME);
  const server = startServer(
    productionAppEnv(APP_PORT, database, "qa-bench-allhands:", {
      EMAIL_WORKER: "false",
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      WEB_CONCURRENCY: String(WORKERS),
      ...SERVER_ENV,
    }),
  );
  const helpers: ChildProcess[] = [];
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/health/ready`);
    await sleep(1000); // every worker listening
    // The server's figures are its processes' together: the primary and its workers.
    const serverPids = [server.child.pid as number, ...childPids(server.child.pid as number)];
    console.log(`server processes: ${serverPids.join(", ")} (${WORKERS} worker${WORKERS === 1 ? "" : "s"})`);
    const data = await prepare(database);
    await sleep(2500); // the tenant's settings are cached for 2 s
    let started = now();
    const sessions = await signInAll();
    const moderator = await signIn("moderator", 0);
    const signInSeconds = +((now() - started) / 1000).toFixed(1);
    console.log(`${CLIENTS} sign-ins in ${signInSeconds} s`);
    const app = appTarget(sessions, moderator, data);

    const sampler = sampleProcess(serverPids);
    started = now();
    const clients = await openClients(
      `http://127.0.0.1:${APP_PORT}/events?tenant=default`,
      sessions.map((session) => session.cookie),
    );
    const connectUsage = sampler.stop();
    // Warm-up (JIT, pools) before the burst: a few board loads.
    for (let i = 0; i < 20; i += 1)
      await Promise.all(app.boardPaths.map((p) => request(app.base, "GET", p, { cookie: moderator.cookie, ...BEHIND_TLS_PROXY })));
    const burstSampler = sampleProcess(serverPids);
    const burst = await boardBurst(app, sessions);
    const burstUsage = burstSampler.stop();
    console.log(`app burst: ${JSON.stringify({ ...burst, ...burstUsage })}`);
    const pollSampler = sampleProcess(serverPids);
    const poll = { ...(await pollPhase(app, clients, sessions.length)), ...pollSampler.stop() };
    console.log(`app poll: ${JSON.stringify(poll)}`);
    const eventSampler = sampleProcess(serverPids);
    const machineSampler = sampleMachine(clients.pids);
    const metricsBefore = await scrapeMetrics();
    const events = await eventPhase(app, clients, VOTE_SECONDS, () =>
      withClient(database, async (client) => {
        const rows = (await client.query("select id, upvote_count from questions where id = any($1::uuid[])", [data.pool])).rows;
        return Object.fromEntries(rows.map((row) => [row.id as string, Number(row.upvote_count)]));
      }),
    );
    const eventUsage = { ...eventSampler.stop(), elsewhere: machineSampler.stop(), ...serverView(metricsBefore, await scrapeMetrics()) };
    console.log(`app events: ${JSON.stringify({ ...events, ...eventUsage })}`);
    const appResult = { name: "app", streams: clients.connect, connectUsage, burst: { ...burst, ...burstUsage }, poll, events: { ...events, ...eventUsage } };

    if (process.env.BENCH_BASELINES === "0") {
      // A trial of the app alone (a setting, say): no baselines, no table.
      saveResults(`allhands-${CLIENTS}-app-only`, {
        loadAverageAtStart: loadAtStart,
        loadAverage: os.loadavg(),
        workers: WORKERS,
        serverEnv: SERVER_ENV,
        app: appResult,
      });
      return;
    }
    // Baselines: the bytes of one board load and of a vote's answer, from memory.
    const bodies = await Promise.all(
      app.boardPaths.map(
        async (p) => (await request(app.base, "GET", p, { cookie: sessions[0]!.cookie, accept: "application/json", ...BEHIND_TLS_PROXY })).body,
      ),
    );
    const voteBody = (
      await request(app.base, "GET", `/questions/${data.pool[0]}`, { cookie: sessions[0]!.cookie, accept: "application/json", ...BEHIND_TLS_PROXY })
    ).body;
    const routes: Record<string, string> = Object.fromEntries(app.boardPaths.map((p, i) => [p.split("?")[0] as string, bodies[i] as string]));
    for (const id of data.pool) routes[`/questions/${id}/upvote`] = voteBody;
    routes["/polls/bench-poll/votes"] = JSON.stringify({ pollId: "bench-poll", voteCount: 1, myVote: { optionIds: ["a"] } });
    helpers.push(startBaseline("bare", BARE_PORT, routes));
    helpers.push(startBaseline("express", EXPRESS_PORT, routes));
    helpers.push(fork(import.meta.filename, ["fan-out", String(BARE_SSE_PORT), "bare"], { execArgv: ["--import", "tsx"], stdio: "ignore" }));
    helpers.push(fork(import.meta.filename, ["fan-out", String(EXPRESS_SSE_PORT), "express"], { execArgv: ["--import", "tsx"], stdio: "ignore" }));
    await waitFor(`http://127.0.0.1:${BARE_PORT}/teams`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}/teams`);
    await waitFor(`http://127.0.0.1:${BARE_SSE_PORT}/health`);
    await waitFor(`http://127.0.0.1:${EXPRESS_SSE_PORT}/health`);
    const baselines = [];
    const [bare, plainExpress, bareFanOut, expressFanOut] = helpers.map((helper) => helper.pid as number);
    for (const [name, servers] of [
      ["bare node:http", { port: BARE_PORT, ssePort: BARE_SSE_PORT, pid: bare, ssePid: bareFanOut }],
      ["plain Express 5", { port: EXPRESS_PORT, ssePort: EXPRESS_SSE_PORT, pid: plainExpress, ssePid: expressFanOut }],
    ] as const) {
      const result = await runBaseline(
        name,
        servers as { port: number; ssePort: number; pid: number; ssePid: number },
        app.boardPaths,
        bodies,
        sessions,
        data.pool,
      );
      console.log(`${name}: ${JSON.stringify(result)}`);
      baselines.push(result);
    }
    const summary = {
      machine: machine(),
      loadAverageAtStart: loadAtStart,
      loadAverage: os.loadavg().map((value) => +value.toFixed(2)),
      small: SMALL,
      workers: WORKERS,
      serverEnv: SERVER_ENV,
      clients: CLIENTS,
      boardLoads: BOARD_LOADS,
      burstSeconds: BURST_SECONDS,
      voteSeconds: VOTE_SECONDS,
      baselineSeconds: BASELINE_SECONDS,
      signInSeconds,
      app: appResult,
      baselines,
    };
    console.log(JSON.stringify(summary, null, 2));
    console.log(markdown(appResult, baselines));
    saveResults(`allhands-${CLIENTS}${SMALL ? "-small" : ""}`, summary);
  } finally {
    for (const helper of helpers) helper.kill();
    await server.stop();
    await dropDatabase(DB_NAME);
  }
}

if (process.argv[2] === "client" || process.argv[2] === "fan-out") {
  // A helper ends with the run, even one that failed half-way.
  process.on("disconnect", () => process.exit(0));
  if (process.argv[2] === "client") runClientProcess();
  else runFanOutServer(Number(process.argv[3]), process.argv[4] === "express" ? "express" : "bare");
} else
  main()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
