export { LoginDialog, GOOGLE_SIGN_IN_PATH } from './components/login-dialog';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { GoogleMark, OrDivider } from './components/google-mark';
export { AUTH_REQUIRED_TITLE, DEFAULT_AUTH_MESSAGE, RequireAuth, SignInPrompt } from './components/require-auth';
export { GOOGLE_AUTH_PATH, LOGIN_PAGE_PATH, googleAuthPath, loginPagePath, safeReturnTo } from './lib/return-to';
export { authState, loadSession, logout, openLoginDialog, resetAuth, setUser } from './store';
export type { AuthUser } from './types';
export { resendVerificationEmail, verifyEmail } from './api/verify-email';
