import { ArrowLeft, CircleAlert, MailCheck, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { RequireAuth, authState, resendVerificationEmail, verifyEmail } from '../../features/auth';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';

/** Shown to a signed-out visitor: a link only works for the account it was sent for. */
export const VERIFY_AUTH_MESSAGE = 'Sign in to the account you registered to confirm your email.';
const MISSING_TOKEN = 'This link is missing its token. Open the link from the email again.';

type Outcome = { state: 'checking' } | { state: 'verified'; already?: boolean } | { state: 'failed'; message: string };

/** /verify-email?token=… — the page an emailed verification link opens. */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  return (
    <RequireAuth message={VERIFY_AUTH_MESSAGE}>
      <EmailVerification />
    </RequireAuth>
  );
}

function EmailVerification() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'checking' } : { state: 'failed', message: MISSING_TOKEN });
  // A token works once: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      () => {
        setOutcome({ state: 'verified' });
        toast({ title: 'Email confirmed', description: 'Your address is verified.' });
      },
      (error: unknown) => {
        // A used link of an account that is verified: nothing went wrong.
        if (authState.user?.emailVerified) return setOutcome({ state: 'verified', already: true });
        const message = error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : 'The link could not be checked. Please try again.';
        setOutcome({ state: 'failed', message });
        toast({ title: 'Confirmation failed', description: message, variant: 'destructive' });
      },
    );
  }, [token]);

  return (
    <section aria-labelledby="verify-email-title" className="relative isolate flex min-h-[62vh] items-center justify-center overflow-hidden px-4 py-16">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgba(242,176,74,0.09),transparent_62%)]" />
      <div className="w-full max-w-md rounded-2xl border border-ink-700 bg-ink-850/80 p-7 text-center shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] sm:p-9">
        {outcome.state === 'checking' && (
          <div className="grid justify-items-center gap-5 py-6">
            <Spinner className="size-7" label="Confirming your email" />
            <h1 id="verify-email-title" className="font-display text-2xl font-medium tracking-tight text-bone-50">
              Confirming your email…
            </h1>
          </div>
        )}
        {outcome.state === 'verified' && <Verified already={outcome.already} />}
        {outcome.state === 'failed' && <Failed message={outcome.message} />}
      </div>
    </section>
  );
}

function Verified({ already = false }: { already?: boolean }) {
  const { user } = useSnapshot(authState);
  return (
    <>
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-glow/10 ring-1 ring-inset ring-amber-glow/30">
        <MailCheck aria-hidden className="size-6 text-amber-glow" strokeWidth={1.7} />
      </span>
      <h1 id="verify-email-title" className="mt-6 font-display text-3xl font-medium tracking-tight text-bone-50">
        {already ? 'Already confirmed' : 'Email confirmed'}
      </h1>
      <p className="mx-auto mt-3 max-w-xs leading-relaxed text-bone-400">
        <span className="font-medium text-bone-200">{user?.email}</span> is yours{already ? ', and confirmed before' : ''}. You can also sign in with Google using this address.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8 w-full')}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to home
      </Link>
    </>
  );
}

function Failed({ message }: { message: string }) {
  const { user } = useSnapshot(authState);
  const [resending, setResending] = useState(false);
  const canResend = Boolean(user?.email);

  function handleResend() {
    setResending(true);
    resendVerificationEmail()
      .then(
        ({ sentTo }) => toast({ title: 'Link sent', description: `A new link is on its way to ${sentTo}.` }),
        (error: unknown) =>
          toast({ title: 'Could not send the link', description: error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : 'Please try again later.', variant: 'destructive' }),
      )
      .finally(() => setResending(false));
  }

  return (
    <>
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-scarlet/10 ring-1 ring-inset ring-scarlet/30">
        <CircleAlert aria-hidden className="size-6 text-scarlet" strokeWidth={1.7} />
      </span>
      <h1 id="verify-email-title" className="mt-6 font-display text-3xl font-medium tracking-tight text-bone-50">
        Link not valid
      </h1>
      <p role="alert" className="mx-auto mt-3 max-w-xs leading-relaxed text-bone-400">
        {message}
      </p>
      <div className="mt-8 grid gap-3">
        {canResend && (
          <Button size="lg" className="w-full" onClick={handleResend} disabled={resending}>
            <Send aria-hidden className="size-4" />
            Send a new link
          </Button>
        )}
        <Link to="/" className={buttonClasses(canResend ? 'secondary' : 'primary', 'lg', 'w-full')}>
          Back to home
        </Link>
      </div>
    </>
  );
}
