import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../logger.js";
import { AppError, errors, isAppError } from "../errors.js";
import { isServiceUnavailable } from "../unavailable.js";

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  detail?: string;
}

/** Postgres errors that a client's input can cause are client errors, not 500s (safety net behind zod). */
function fromDatabaseError(error: HttpishError): AppError | null {
  switch (error.code) {
    case "22P02": // invalid text representation (e.g. a malformed uuid)
    case "22001": // string too long
    case "22003": // numeric out of range
    case "22007": // invalid datetime format
    case "22008": // datetime field overflow
    case "54000": // program limit exceeded (e.g. tsquery too long)
    case "22021": // character not in repertoire (e.g. a NUL character in text)
    case "22P05": // untranslatable character
      return errors.validation([{ path: "body", message: "A value is not valid." }]);
    case "23505":
      return errors.conflict("DUPLICATE", "A record with the same unique value already exists.");
    case "23503":
      // On insert/update the referenced row is missing (or belongs to another tenant): not found.
      return error.detail?.includes("is not present")
        ? errors.notFound("Referenced record")
        : errors.conflict("CONFLICT", "The record is still referenced by other records.");
    default:
      return null;
  }
}

/** Any thrown value as the AppError a client sees; null for an unknown failure (a 500). */
export function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  const e = (error ?? {}) as HttpishError;
  if (e.code === "EBADCSRFTOKEN") {
    return new AppError("CSRF_INVALID", 403, "Missing or invalid CSRF token: send the x-csrf-token header from GET /auth/csrf.");
  }
  switch (e.type) {
    case "entity.parse.failed":
      return errors.validation([{ path: "body", message: "The body is not valid JSON." }]);
    case "entity.too.large":
      return new AppError("PAYLOAD_TOO_LARGE", 413, "The request body is too large.");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "The request body's encoding is not supported.");
    case "request.aborted":
      return new AppError("REQUEST_ABORTED", 400, "The request was aborted.");
    default:
      break;
  }
  const dbError = fromDatabaseError(e);
  if (dbError) return dbError;
  if (isServiceUnavailable(error)) return errors.unavailable();
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) return new AppError("BAD_REQUEST", status, "The request could not be processed.");
  return null;
}

/** The one error handler: every error leaves as CONTRACT §1's body; unknown ones as 500 INTERNAL, logged once. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      logger.error({ err: error, requestId: req.requestId }, "error after response started");
      return next(error);
    }
    const known = toAppError(error);
    const appError = known ?? new AppError("INTERNAL", 500, "Something went wrong on our side.");
    // The request log line (request-log.ts) reports res.err with the request id: one log entry per
    // failure, with the cause of a 503 too (which service was unreachable).
    if (appError.status >= 500) (res as typeof res & { err?: unknown }).err = error;
    if (appError.headers) res.set(appError.headers);
    res.status(appError.status).json({
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.details ? { details: appError.details } : {}),
      },
      requestId: req.requestId,
    });
  };
}

export function notFoundHandler(): RequestHandler {
  return (req) => {
    throw new AppError("NOT_FOUND", 404, `No route for ${req.method} ${req.path.slice(0, 200)}.`);
  };
}
