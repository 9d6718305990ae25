import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "../../config.js";

/**
 * Helmet's headers. In production, `upgrade-insecure-requests` (and HSTS) go only on HTTPS
 * requests: production reached over plain HTTP (docker compose opened from a phone at
 * http://192.168.x.y:3000) would otherwise have every script upgraded to an https:// that does
 * not answer, and the page would stay blank.
 */
export function securityHeaders(config: Config): RequestHandler {
  const headers = (secure: boolean) =>
    helmet({
      // The Vite dev server injects inline scripts and a websocket for hot reload.
      contentSecurityPolicy: config.webDevServer
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "https:"],
              connectSrc: ["'self'"],
              fontSrc: ["'self'", "data:"],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              upgradeInsecureRequests: secure ? [] : null,
            },
          },
      strictTransportSecurity: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
  const overHttp = fixedHeaders(headers(false));
  if (!config.isProduction) return setAll(overHttp);
  const overHttps = fixedHeaders(headers(true));
  return (req, res, next) => setAll(req.secure ? overHttps : overHttp)(req, res, next);
}

/**
 * The headers a helmet configuration sets. They depend on nothing in the request, so they are
 * read once and then set directly, rather than through helmet's dozen middlewares per request.
 */
function fixedHeaders(middleware: RequestHandler): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let done = false;
  void middleware({} as never, recorder as never, () => {
    done = true;
  });
  if (!done) throw new Error("helmet did not set its headers synchronously");
  return headers;
}

function setAll(headers: Array<[string, string]>): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
