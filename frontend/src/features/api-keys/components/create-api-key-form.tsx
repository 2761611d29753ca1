import { ApiKeyCreateRequestSchema, type ApiKeyCreated } from '@cinema-dna/shared-types';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, fieldErrorsOf } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Field, Input } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useCreateApiKey } from '../api/create-api-key';

/** Names a new key and creates it; the parent shows the secret once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const createMutation = useCreateApiKey();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ApiKeyCreateRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    createMutation.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
        toast({ title: 'API Key Created', description: 'Copy it now: it will not be shown again.' });
      },
      onError: (failure) => {
        setError(fieldErrorsOf(failure).name);
        const message = failure instanceof ApiRequestError ? failure.serverMessage : undefined;
        toast({ title: 'Could Not Create Key', description: message ?? 'Unable to create the API key. Please try again.', variant: 'destructive' });
      },
    });
  }

  const creating = createMutation.isPending;
  return (
    <form aria-labelledby="create-key-title" className="rounded-2xl border border-ink-800 bg-ink-850/60 p-5 sm:p-7" onSubmit={handleSubmit} noValidate>
      <h2 id="create-key-title" className="font-display text-2xl font-medium tracking-tight text-bone-50">
        Create a key
      </h2>
      <p className="mt-1.5 text-sm text-bone-400">Name it after where it will live, so you know which one to revoke later.</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Key name" error={error} className="flex-1">
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              name="name"
              placeholder="e.g. Research notebook"
              autoComplete="off"
              maxLength={60}
              required
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Button type="submit" className="h-11 sm:mt-[1.625rem]" disabled={creating}>
          <Plus aria-hidden className="size-4" />
          {creating ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
