import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * JSON logs. Pulse tokens never reach a log line: anything that looks like `token=` in a URL
 * is masked here as a second line of defence (the request logger already drops pulse URLs' queries).
 */
export function createLogger(options: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          "req.headers['x-csrf-token']",
          'res.headers["set-cookie"]',
          "token",
          "*.token",
          "password",
          "*.password",
        ],
        censor: "[redacted]",
      },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((arg) => (typeof arg === "string" ? maskTokens(arg) : arg));
          method.apply(this, masked as Parameters<typeof method>);
        },
      },
    },
    options.destination,
  );
}

export function maskTokens(text: string): string {
  return text.replace(/([?&](?:token|code|state)=)[^&#\s"]*/gi, "$1[redacted]");
}
