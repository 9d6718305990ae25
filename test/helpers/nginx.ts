import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./processes.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The README's nginx example, what an operator copies to /etc/nginx/conf.d/. */
export const DEPLOYED_CONFIG = path.join(ROOT, "deploy/nginx.conf");
export const NGINX_BINARY = process.env.NGINX_BINARY ?? "/usr/sbin/nginx";
/** The example's server name: the test's certificate is made for it and its requests name it. */
export const SERVER_NAME = "qa.example.com";

export interface Nginx {
  httpsPort: number;
  httpPort: number;
  /** The throwaway self-signed certificate (PEM) the client must trust. */
  ca: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** The nginx block of the README's "Behind a TLS proxy" section, which must be deploy/nginx.conf itself. */
export function readmeNginxExample(): string | null {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### Behind a TLS proxy"));
  return /```nginx\n([\s\S]*?)```/.exec(section)?.[1] ?? null;
}

/** Replaces `from` in the example, which must occur exactly once: an edited example fails here, not silently. */
function fillIn(text: string, from: string | RegExp, to: string): string {
  const matches = text.match(new RegExp(from, "g"));
  if (matches?.length !== 1) throw new Error(`deploy/nginx.conf: expected exactly one ${String(from)}, found ${matches?.length ?? 0}`);
  return text.replace(from, to);
}

/**
 * deploy/nginx.conf made runnable on loopback: the instances' ports, free ports instead of 80 and
 * 443 (bound on 127.0.0.1 only) and a fresh self-signed certificate. Nothing else changes.
 */
export function fillInDeployedConfig(options: {
  instancePorts: [number, number];
  httpPort: number;
  httpsPort: number;
  certificate: string;
  key: string;
}): string {
  let text = fs.readFileSync(DEPLOYED_CONFIG, "utf8");
  text = fillIn(text, "server 127.0.0.1:3000 ", `server 127.0.0.1:${options.instancePorts[0]} `);
  text = fillIn(text, "server 127.0.0.1:3001 ", `server 127.0.0.1:${options.instancePorts[1]} `);
  text = fillIn(text, /listen 80;/, `listen 127.0.0.1:${options.httpPort};`);
  text = fillIn(text, /listen 443 /, `listen 127.0.0.1:${options.httpsPort} `);
  text = fillIn(text, /ssl_certificate \S+;/, `ssl_certificate ${options.certificate};`);
  text = fillIn(text, /ssl_certificate_key \S+;/, `ssl_certificate_key ${options.key};`);
  return text;
}

/** What Debian's /etc/nginx/nginx.conf gives the site file, with every path under the test's own prefix. */
function mainConfig(prefix: string, site: string): string {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log info;
events { worker_connections 256; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${site};
}
`;
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * nginx as the test's own process (never the system service): its own prefix, pid file, logs,
 * temporary paths and free loopback ports, running deploy/nginx.conf in front of the given
 * instance ports.
 */
export async function startNginx(instancePorts: [number, number]): Promise<Nginx> {
  if (!fs.existsSync(NGINX_BINARY)) throw new Error(`nginx is not installed at ${NGINX_BINARY}: apt-get install -y nginx (.ci/run does)`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "qa-nginx-"));
  // Workers run as an unprivileged user when the test runs as root: they must reach the temp paths.
  fs.chmodSync(prefix, 0o755);
  const certificate = path.join(prefix, "cert.pem");
  const key = path.join(prefix, "key.pem");
  const subject = `/CN=${SERVER_NAME}`;
  const names = `subjectAltName=DNS:${SERVER_NAME},DNS:*.${SERVER_NAME}`;
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      subject,
      "-addext",
      names,
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    {
      stdio: "ignore",
    },
  );
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const site = path.join(prefix, "team-qa.conf");
  fs.writeFileSync(site, fillInDeployedConfig({ instancePorts, httpPort, httpsPort, certificate, key }));
  const config = path.join(prefix, "nginx.conf");
  fs.writeFileSync(config, mainConfig(prefix, site));

  const output: string[] = [];
  const child: ChildProcess = spawn(NGINX_BINARY, ["-p", prefix, "-c", config, "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  child.on("error", (error) => output.push(`nginx: ${error.message}`));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(prefix, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  const started = Date.now();
  while (!(await acceptsConnections(httpsPort))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      child.kill("SIGKILL");
      const log = errorLog();
      fs.rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start\n${output.join("")}\n${log.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpPort,
    httpsPort,
    ca: fs.readFileSync(certificate, "utf8"),
    errorLog,
    async stop() {
      // SIGTERM: fast shutdown (open event streams would hold a graceful SIGQUIT for minutes).
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
