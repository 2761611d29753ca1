import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Field, Input } from '../../../ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { toast } from '../../../ui/toast';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { authState, setLoginDialogOpen, setLoginDialogTab, type AuthDialogTab } from '../store';

/** Where 'Sign in with Google' sends the browser (spec: the dialog's Google button). */
export const GOOGLE_SIGN_IN_PATH = '/api/login';

/**
 * The server's explanation of a failed sign-in, when it is about the credentials.
 * A 404 (route not deployed) or a 5xx says nothing useful to the person typing.
 */
function credentialMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status === 404 || error.status >= 500) return undefined;
  return error.serverMessage;
}

function LoginForm() {
  const [values, setValues] = useState({ username: '', password: '' });
  const loginMutation = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    loginMutation.mutate(values, {
      onSuccess: () => {
        setLoginDialogOpen(false);
        toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      },
      onError: (error) => {
        // The form keeps what was typed so the user can correct it.
        toast({ title: 'Login Failed', description: credentialMessage(error) ?? 'Invalid username or password.', variant: 'destructive' });
      },
    });
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit}>
      <Field label="Username">
        {({ id }) => (
          <Input
            id={id}
            name="username"
            autoComplete="username"
            required
            value={values.username}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Password">
        {({ id }) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in…' : 'Login'}
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase tracking-[0.2em] text-bone-500" aria-hidden>
        <span className="h-px flex-1 bg-ink-700" />
        or
        <span className="h-px flex-1 bg-ink-700" />
      </div>
      <Button variant="secondary" size="lg" className="w-full" onClick={() => window.location.assign(GOOGLE_SIGN_IN_PATH)}>
        <GoogleMark />
        Sign in with Google
      </Button>
    </form>
  );
}

function RegisterForm() {
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const registerMutation = useRegister();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    registerMutation.mutate(values, {
      onSuccess: () => {
        setLoginDialogOpen(false);
        toast({ title: 'Account Created!', description: 'Welcome to Six Degrees of Cinema DNA!' });
      },
      onError: () => {
        toast({ title: 'Registration Failed', description: 'Username may already exist or invalid data provided.', variant: 'destructive' });
      },
    });
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit}>
      <Field label="Username">
        {({ id }) => (
          <Input
            id={id}
            name="username"
            autoComplete="username"
            required
            value={values.username}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Email">
        {({ id }) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Password">
        {({ id }) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account…' : 'Register'}
      </Button>
    </form>
  );
}

/** The login and register dialog, opened by every Login button; state lives in the auth store. */
export function LoginDialog() {
  const { dialogOpen, dialogTab } = useSnapshot(authState);
  return (
    <Dialog open={dialogOpen} onOpenChange={setLoginDialogOpen}>
      <DialogContent>
        <div className="mb-6 pr-6">
          <DialogTitle>Welcome to Cinema DNA</DialogTitle>
          <DialogDescription>Discover the hidden connections in cinema</DialogDescription>
        </div>
        <Tabs value={dialogTab} onValueChange={(tab) => setLoginDialogTab(tab as AuthDialogTab)}>
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
      </DialogContent>
    </Dialog>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92c-.26 1.37-1.04 2.53-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84C3.99 20.53 7.7 23 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.09c-.22-.66-.35-1.36-.35-2.09s.13-1.43.35-2.09V7.07H2.18C1.43 8.55 1 10.22 1 12s.43 3.45 1.18 4.93l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.07l3.66 2.84c.87-2.6 3.3-4.53 6.16-4.53z" />
    </svg>
  );
}
