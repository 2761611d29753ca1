import { z } from 'zod';

/** Machine-readable error codes used in every 4xx/5xx body. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'INVALID_ENTITY',
  /** A saved connection's path is not a path of the loaded graph (400). */
  'INVALID_PATH',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  /** A search between the two ends of a challenge its caller is playing (an open attempt or an unfinished race) (409). */
  'CHALLENGE_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  /** A Letterboxd upload that is not a zip or CSV of the export, or lacks columns (400, details name the file and columns). */
  'IMPORT_INVALID',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  /** A search hit its time or visited-entities budget (503, details `{ limit, value }`). */
  'SEARCH_BUDGET_EXCEEDED',
  'INTERNAL_ERROR',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The one error body shape: HTTP responses and socket acknowledgements alike. */
export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
