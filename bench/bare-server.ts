import fs from "node:fs";
import http from "node:http";

/**
 * The baseline: a bare node:http server answering fixed bytes from memory, so the app's figures
 * can be read against what this machine does with no framework, database or logging at all.
 * Usage: tsx bench/bare-server.ts <port> <json-of-{path: body} | @file-of-that-json>
 */
const port = Number(process.argv[2]);
const bodiesArgument = process.argv[3] ?? "{}";
// "@<file>": the JSON is in that file (startBaseline passes it so, whatever its size).
const bodies = JSON.parse(bodiesArgument.startsWith("@") ? fs.readFileSync(bodiesArgument.slice(1), "utf8") : bodiesArgument) as Record<string, string>;
const buffers = new Map(Object.entries(bodies).map(([route, body]) => [route, Buffer.from(body)]));

http
  .createServer((req, res) => {
    const body = buffers.get((req.url ?? "/").split("?")[0] ?? "/");
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  })
  .listen(port, "127.0.0.1");
