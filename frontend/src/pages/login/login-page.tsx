import { CircleAlert, Film, Route, Trophy, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { GoogleMark, LoginForm, OrDivider, RegisterForm, authState, googleAuthPath, safeReturnTo, useGoogleSignIn } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';

/** What `/login?error=…` means, as the server's Google sign-in sets it. */
export const SIGN_IN_ERRORS: Record<string, { title: string; message: string; help: string }> = {
  'google-unavailable': {
    title: 'Google sign-in unavailable',
    message: 'Google sign-in is not configured on this server.',
    help: 'Sign in with a username and password instead, or continue as a guest.',
  },
  'google-failed': {
    title: 'Google sign-in failed',
    message: 'Google sign-in did not complete, so you are not signed in.',
    help: 'Please try again, or sign in with a username and password.',
  },
  'account-disabled': {
    title: 'Account deactivated',
    message: 'This account has been deactivated and cannot sign in.',
    help: 'If you think this is a mistake, contact us.',
  },
};

const UNKNOWN_ERROR = { title: 'Sign-in did not complete', message: 'Something went wrong while signing you in.', help: 'Please try again.' };

const PERKS = [
  { icon: Route, text: 'Save the connections you discover to your collection' },
  { icon: Trophy, text: 'Earn points, badges and a place in the rankings' },
  { icon: Film, text: 'Keep a film diary and follow other members' },
];

function SignInError({ code }: { code: string }) {
  const error = SIGN_IN_ERRORS[code] ?? UNKNOWN_ERROR;
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-xl border border-scarlet/40 bg-scarlet/[0.08] p-4 text-left">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-scarlet" />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold text-bone-50">{error.title}</p>
        <p className="text-bone-100">{error.message}</p>
        <p className="text-bone-400">
          {error.help}
          {code === 'account-disabled' && (
            <>
              {' '}
              <Link to="/contact" className="font-medium text-amber-soft underline underline-offset-4">
                Contact us
              </Link>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/**
 * Spec §2 Login page: 'Welcome Back', the username/password forms, 'Continue with Google' and
 * 'Continue as Guest'. A visitor who is (or becomes) signed in goes on to `returnTo`, else home.
 */
export default function LoginPage() {
  useDocumentTitle('Login');
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const error = params.get('error');
  const [tab, setTab] = useState(params.get('tab') === 'register' ? 'register' : 'login');
  const { user, loading } = useSnapshot(authState);
  const google = useGoogleSignIn();

  if (user) return <Navigate to={returnTo ?? '/'} replace />;

  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,rgba(242,176,74,0.10),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(111,183,196,0.05),transparent_50%)]"
      />
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-20 lg:px-8 lg:py-20">
        <div className="max-w-xl">
          <p className="mb-4 text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">Sign in</p>
          <h1 className="font-display text-4xl font-medium leading-[1.05] tracking-tight text-bone-50 sm:text-6xl">Welcome Back</h1>
          <p className="mt-5 text-lg leading-relaxed text-bone-400">Pick up where you left off: your saved paths, points and film diary are waiting.</p>
          <ul className="mt-10 hidden gap-5 lg:grid">
            {PERKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-4 text-bone-300">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-ink-800 ring-1 ring-inset ring-ink-600">
                  <Icon aria-hidden className="size-[18px] text-amber-glow" strokeWidth={1.7} />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>

        <div className="w-full rounded-2xl border border-ink-700 bg-ink-850/80 p-6 shadow-[0_30px_80px_-30px_rgba(0,0,0,0.85)] backdrop-blur sm:p-8">
          {error && <SignInError code={error} />}
          {loading && user === undefined ? (
            <div className="flex min-h-80 items-center justify-center">
              <Spinner className="size-7" label="Checking your session" />
            </div>
          ) : (
            <>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList>
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="register">Register</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm />
                </TabsContent>
              </Tabs>
              <div className="mt-6 grid gap-3">
                <OrDivider />
                {google && (
                  <a href={googleAuthPath(returnTo)} className={buttonClasses('secondary', 'lg', 'mt-1 w-full')}>
                    <GoogleMark />
                    Continue with Google
                  </a>
                )}
                <Link to="/" className={buttonClasses('ghost', 'lg', 'w-full')}>
                  <UserRound aria-hidden className="size-4" />
                  Continue as Guest
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
