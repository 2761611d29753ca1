import { PASSWORD_RULE, USERNAME_RULE } from '@cinema-dna/shared-types';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Field, Input } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useRegister } from '../api/register';
import type { AuthUser } from '../types';

type FieldName = 'username' | 'email' | 'password';
type FormValues = Record<FieldName, string>;

/**
 * Account creation with the spec's toasts, used by the login dialog and the /login page. The rules
 * for usernames and passwords are stated up front; a refusal puts the server's reason under the
 * field it is about and keeps everything that was typed.
 */
export function RegisterForm({ onSuccess }: { onSuccess?: (user: AuthUser) => void }) {
  const [values, setValues] = useState<FormValues>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const registerMutation = useRegister();

  const update = (field: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    // The promise, not mutate's callbacks: those are dropped when signing in unmounts the form.
    registerMutation.mutateAsync(values).then(
      (user) => {
        toast({ title: 'Account Created!', description: 'Welcome to Six Degrees of Cinema DNA!' });
        onSuccess?.(user);
      },
      (error: unknown) => {
        setErrors(fieldErrorsOf(error));
        toast({ title: 'Registration Failed', description: 'Username may already exist or invalid data provided.', variant: 'destructive' });
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit}>
      <Field label="Username" hint={USERNAME_RULE} error={errors.username}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            name="username"
            autoComplete="username"
            required
            value={values.username}
            onChange={update('username')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={update('email')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label="Password" hint={PASSWORD_RULE} error={errors.password}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={update('password')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account…' : 'Register'}
      </Button>
    </form>
  );
}
