export { LoginDialog, GOOGLE_SIGN_IN_PATH } from './components/login-dialog';
export { authState, loadSession, logout, openLoginDialog, resetAuth, setUser } from './store';
export type { AuthUser } from './types';
