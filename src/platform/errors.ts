/**
 * The one error family of the service. Every error a client sees is rendered from an AppError
 * by the error handler into CONTRACT §1's body: {error: {code, message, details?}, requestId}.
 */
export interface ErrorDetail {
  path: string;
  message: string;
  [key: string]: unknown;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const errors = {
  validation: (details: ErrorDetail[], message = "The request is not valid.") => new AppError("VALIDATION_FAILED", 400, message, details),
  unauthenticated: (message = "Sign in to do this.") => new AppError("UNAUTHENTICATED", 401, message),
  forbidden: (message = "You do not have permission to do this.") => new AppError("FORBIDDEN", 403, message),
  notFound: (what = "Resource") => new AppError("NOT_FOUND", 404, `${what} not found.`),
  conflict: (code: string, message: string, details?: unknown[]) => new AppError(code, 409, message, details),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError("RATE_LIMITED", 429, "Too many requests; try again later.", undefined, {
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  unavailable: (message = "A backing service is unavailable for a moment; try again shortly.") =>
    new AppError("SERVICE_UNAVAILABLE", 503, message, undefined, { "Retry-After": "5" }),
};

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
