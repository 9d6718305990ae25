import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * Webhook receivers for bench/webhook-fanout.ts, in a process of their own so that their TLS
 * and signature work does not slow the load generator: `count` HTTPS servers on loopback, each
 * verifying every request with the `standardwebhooks` library and the secret of its endpoint,
 * answering 200 (after `delayMs`; 401 to a bad signature at once) and counting by `webhook-id`. Driven over IPC:
 * start → ready {urls}; secrets {secrets[]}; stats → stats {totals}; report → report {per
 * receiver, with the question ids}; reset; stop.
 */

interface Receiver {
  server: https.Server;
  verifier: Webhook | null;
  received: number;
  /** webhook-id → how many requests carried it. */
  ids: Map<string, number>;
  badSignatures: number;
  /** The `data.id` of each verified delivery, first of its webhook-id only. */
  subjects: string[];
  firstAt: number | null;
  lastAt: number | null;
}

const now = () => performance.timeOrigin + performance.now();
const receivers: Receiver[] = [];
/** Milliseconds each answer waits (a receiver across a network); verification and counting happen at once. */
let delayMs = 0;

function handle(receiver: Receiver, req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const at = now();
    receiver.received += 1;
    receiver.firstAt ??= at;
    receiver.lastAt = at;
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    let payload: { data?: { id?: string } };
    try {
      if (!receiver.verifier) throw new Error("no secret yet");
      payload = receiver.verifier.verify(body, headers) as typeof payload;
    } catch {
      receiver.badSignatures += 1;
      res.writeHead(401).end("bad signature");
      return;
    }
    const id = headers["webhook-id"] ?? "";
    const seen = receiver.ids.get(id) ?? 0;
    receiver.ids.set(id, seen + 1);
    if (seen === 0) receiver.subjects.push(String(payload.data?.id ?? ""));
    const answer = () => res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
}

function totals() {
  let received = 0;
  let unique = 0;
  let badSignatures = 0;
  for (const receiver of receivers) {
    received += receiver.received;
    unique += receiver.ids.size;
    badSignatures += receiver.badSignatures;
  }
  return { received, unique, badSignatures };
}

function report() {
  return receivers.map((receiver) => ({
    received: receiver.received,
    unique: receiver.ids.size,
    duplicated: [...receiver.ids.values()].filter((count) => count > 1).length,
    badSignatures: receiver.badSignatures,
    subjects: receiver.subjects,
    firstAt: receiver.firstAt,
    lastAt: receiver.lastAt,
  }));
}

function reset() {
  for (const receiver of receivers) {
    receiver.verifier = null;
    receiver.received = 0;
    receiver.ids.clear();
    receiver.badSignatures = 0;
    receiver.subjects = [];
    receiver.firstAt = null;
    receiver.lastAt = null;
  }
}

process.on("message", async (message: { type: string; count?: number; delayMs?: number; certFile?: string; keyFile?: string; secrets?: string[] }) => {
  switch (message.type) {
    case "start": {
      delayMs = message.delayMs ?? 0;
      const tls = { cert: fs.readFileSync(message.certFile as string), key: fs.readFileSync(message.keyFile as string) };
      for (let i = 0; i < (message.count ?? 0); i += 1) {
        const receiver: Receiver = {
          server: https.createServer(tls),
          verifier: null,
          received: 0,
          ids: new Map(),
          badSignatures: 0,
          subjects: [],
          firstAt: null,
          lastAt: null,
        };
        receiver.server.on("request", (req, res) => handle(receiver, req, res));
        await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
        receivers.push(receiver);
      }
      process.send?.({ type: "ready", urls: receivers.map((receiver) => `https://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`) });
      break;
    }
    case "secrets":
      (message.secrets ?? []).forEach((secret, i) => {
        const receiver = receivers[i];
        if (receiver) receiver.verifier = new Webhook(secret);
      });
      process.send?.({ type: "secrets-set" });
      break;
    case "stats":
      process.send?.({ type: "stats", ...totals() });
      break;
    case "report":
      process.send?.({ type: "report", receivers: report() });
      break;
    case "reset":
      reset();
      process.send?.({ type: "reset-done" });
      break;
    case "stop":
      for (const receiver of receivers) receiver.server.close();
      process.disconnect?.();
      break;
  }
});
