import { AuthProvidersSchema, AuthUserSchema, CsrfTokenResponseSchema, LoginRequestSchema, RegisterRequestSchema, SessionResponseSchema, VerificationSentSchema, VerifyEmailRequestSchema } from '../auth.js';
import { defineRoutes } from './define.js';

const CSRF_HEADER_ANSWER = { 'X-CSRF-Token': 'A fresh CSRF token for the new session.' };

/** The auth routes: paths, and the schemas of their params, query, body and answers. */
export const authRoutes = defineRoutes({
  'GET /api/auth/csrf': { responses: { 200: CsrfTokenResponseSchema } },
  'POST /api/auth/register': { body: RegisterRequestSchema, responses: { 201: { description: 'Registered and signed in.', schema: AuthUserSchema, headers: CSRF_HEADER_ANSWER } } },
  'POST /api/auth/login': { body: LoginRequestSchema, responses: { 200: { description: 'Signed in.', schema: AuthUserSchema, headers: CSRF_HEADER_ANSWER } } },
  'POST /api/auth/logout': { body: null, responses: { 204: { description: 'Signed out.', headers: CSRF_HEADER_ANSWER } } },
  'GET /api/auth/me': { responses: { 200: AuthUserSchema } },
  'GET /api/auth/session': { responses: { 200: SessionResponseSchema } },
  'GET /api/auth/providers': { responses: { 200: AuthProvidersSchema } },
  'POST /api/auth/verify-email': { body: VerifyEmailRequestSchema, responses: { 200: AuthUserSchema } },
  'POST /api/auth/verify-email/resend': { body: null, responses: { 202: VerificationSentSchema } },
});
