import { LockKeyhole, LogIn } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button, buttonClasses } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { loginPagePath } from '../lib/return-to';
import { authState, openLoginDialog } from '../store';

/** Spec §6: what a guarded page says to a visitor who is not signed in, unless the page says more. */
export const DEFAULT_AUTH_MESSAGE = 'Please log in to access this feature.';
export const AUTH_REQUIRED_TITLE = 'Authentication Required';

interface RequireAuthProps {
  children: ReactNode;
  /** Why this page needs an account; shown on the prompt card and in the toast. */
  message?: string;
}

/**
 * Spec §4 guarded pages: a spinner while the session check runs, then the page when signed in,
 * otherwise a sign-in prompt with the 'Authentication Required' toast. Signing in from the prompt
 * shows the page in place.
 */
export function RequireAuth({ children, message = DEFAULT_AUTH_MESSAGE }: RequireAuthProps) {
  const { user, loading } = useSnapshot(authState);
  if (user) return <>{children}</>;
  if (loading || user === undefined) {
    return (
      <div className="flex min-h-[55vh] items-center justify-center" data-testid="auth-checking">
        <Spinner className="size-7" label="Checking your session" />
      </div>
    );
  }
  return <SignInPrompt message={message} />;
}

/** The card a signed-out visitor sees instead of a guarded page. */
export function SignInPrompt({ message = DEFAULT_AUTH_MESSAGE }: { message?: string }) {
  const { pathname, search, hash } = useLocation();
  const announced = useRef(false);

  // Once per visit: the ref survives StrictMode's second effect run, and a new visit mounts anew.
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    toast({ title: AUTH_REQUIRED_TITLE, description: message, variant: 'destructive' });
  }, [message]);

  return (
    <section aria-labelledby="sign-in-prompt-title" className="relative isolate flex min-h-[62vh] items-center justify-center overflow-hidden px-4 py-16">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgba(242,176,74,0.09),transparent_62%)]"
      />
      <div className="w-full max-w-md rounded-2xl border border-ink-700 bg-ink-850/80 p-7 text-center shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] sm:p-9">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-glow/10 ring-1 ring-inset ring-amber-glow/30">
          <LockKeyhole aria-hidden className="size-6 text-amber-glow" strokeWidth={1.7} />
        </span>
        <h1 id="sign-in-prompt-title" className="mt-6 font-display text-3xl font-medium tracking-tight text-bone-50">
          Sign in to continue
        </h1>
        <p className="mx-auto mt-3 max-w-xs leading-relaxed text-bone-400">{message}</p>
        <div className="mt-8 grid gap-3">
          <Button size="lg" className="w-full" onClick={() => openLoginDialog('login')}>
            <LogIn aria-hidden className="size-4" />
            Sign In
          </Button>
          <Link to={loginPagePath(`${pathname}${search}${hash}`)} className={buttonClasses('secondary', 'lg', 'w-full')}>
            Go to the login page
          </Link>
        </div>
        <p className="mt-6 text-sm text-bone-500">
          New to Cinema DNA?{' '}
          <button
            type="button"
            className="font-medium text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:decoration-amber-glow"
            onClick={() => openLoginDialog('register')}
          >
            Create an account
          </button>
        </p>
      </div>
    </section>
  );
}
