import fs from "node:fs";
import express from "express";

/**
 * Second baseline: Express 5 (the stack's framework) answering fixed bytes from memory, no
 * middleware. It shows how much of the gap between the app and bare node:http is the framework.
 * Usage: tsx bench/express-baseline.ts <port> <json-of-{path: body} | @file-of-that-json>
 */
const port = Number(process.argv[2]);
const bodiesArgument = process.argv[3] ?? "{}";
// "@<file>": the JSON is in that file (startBaseline passes it so, whatever its size).
const bodies = JSON.parse(bodiesArgument.startsWith("@") ? fs.readFileSync(bodiesArgument.slice(1), "utf8") : bodiesArgument) as Record<string, string>;
const app = express();
app.set("etag", false);
for (const [route, body] of Object.entries(bodies)) app.get(route, (_req, res) => void res.type("json").send(body));
app.listen(port, "127.0.0.1");
