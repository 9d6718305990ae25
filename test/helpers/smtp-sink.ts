import net from "node:net";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpReply {
  code: number;
  message: string;
}

export interface SmtpSinkOptions {
  /** Reply to RCPT TO with an error (a rejection) instead of accepting. */
  rejectRecipient?: (address: string) => SmtpReply | null;
  /** Require AUTH with these credentials (anything else gets 535). */
  auth?: { user: string; pass: string };
  /** Runs before DATA is accepted: return a promise to hold the message (a slow or stuck server). */
  beforeAccept?: (message: ParsedMail) => Promise<void> | void;
}

export interface SmtpSink {
  port: number;
  /** Every message accepted, parsed (headers, subject, html, text). */
  messages: ParsedMail[];
  /** RCPT TO commands seen, accepted or not (one per delivery attempt). */
  recipientsTried: string[];
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A header exactly as sent (mailparser turns List-* headers into objects). */
export function rawHeader(message: ParsedMail | undefined, name: string): string | undefined {
  const line = message?.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

function replyError(reply: SmtpReply): Error {
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

/** A real SMTP server in the test process (smtp-server on port 0, no TLS), parsing what it receives. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const recipientsTried: string[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      callback(replyError({ code: 535, message: "5.7.8 Authentication credentials invalid" }));
    },
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      const rejection = options.rejectRecipient?.(address.address);
      callback(rejection ? replyError(rejection) : null);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          await options.beforeAccept?.(parsed);
          messages.push(parsed);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    recipientsTried,
    waitForMessages(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} message(s), got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never greets: an SMTP server that hangs. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
