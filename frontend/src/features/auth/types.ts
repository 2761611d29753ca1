/** The signed-in user and the auth bodies, as the server defines them. */
export type { AuthUser, LoginRequest as LoginInput, RegisterRequest as RegisterInput } from '@cinema-dna/shared-types';
