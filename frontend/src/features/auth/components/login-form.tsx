import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Field, Input } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useLogin } from '../api/login';
import type { AuthUser } from '../types';

/**
 * The server's explanation of a failed sign-in, when it is about the credentials.
 * A 404 (route not deployed) or a 5xx says nothing useful to the person typing.
 */
function credentialMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status === 404 || error.status >= 500) return undefined;
  return error.serverMessage;
}

/**
 * Username and password sign-in with the spec's toasts, used by the login dialog and the /login page.
 * On failure the form keeps what was typed so the user can correct it.
 */
export function LoginForm({ onSuccess }: { onSuccess?: (user: AuthUser) => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const loginMutation = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The promise, not mutate's callbacks: those are dropped when signing in unmounts the form
    // (the login page moves on to returnTo as soon as the user is set).
    loginMutation.mutateAsync(values).then(
      (user) => {
        toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
        onSuccess?.(user);
      },
      (error: unknown) => {
        toast({ title: 'Login Failed', description: credentialMessage(error) ?? 'Invalid username or password.', variant: 'destructive' });
      },
    );
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
    </form>
  );
}
