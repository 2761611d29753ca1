import { BIO_MAX, DISPLAY_NAME_MAX, type UserProfile } from '@cinema-dna/shared-types';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, fieldErrorsOf } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../ui/dialog';
import { Field, Input, Textarea } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useUpdateProfile } from '../api/update-profile';

export const PROFILE_UPDATED_TITLE = 'Profile Updated';

function EditProfileForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const [displayName, setDisplayName] = useState(profile.user.displayName);
  const [bio, setBio] = useState(profile.user.bio ?? '');
  const update = useUpdateProfile();
  const errors = fieldErrorsOf(update.error);
  const nameMissing = displayName.trim().length === 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nameMissing) return;
    update.mutate(
      { displayName: displayName.trim(), bio: bio.trim() },
      {
        onSuccess: () => {
          toast({ title: PROFILE_UPDATED_TITLE, description: 'Your profile has been saved.' });
          onDone();
        },
      },
    );
  };

  const generalError = update.error && Object.keys(errors).length === 0 ? (update.error instanceof ApiRequestError ? (update.error.serverMessage ?? update.error.message) : 'Saving failed.') : null;
  return (
    <form onSubmit={handleSubmit} className="mt-6 grid gap-4" noValidate>
      <Field label="Display name" error={errors.displayName ?? (nameMissing ? 'Display name is required' : undefined)}>
        {({ id, describedBy, invalid }) => (
          <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={displayName} maxLength={DISPLAY_NAME_MAX} onChange={(event) => setDisplayName(event.target.value)} required />
        )}
      </Field>
      <Field label="Bio" optional error={errors.bio} hint={`${bio.length}/${BIO_MAX}`}>
        {({ id, describedBy, invalid }) => (
          <Textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} value={bio} maxLength={BIO_MAX} onChange={(event) => setBio(event.target.value)} className="min-h-28" />
        )}
      </Field>
      {generalError && (
        <p role="alert" className="text-sm text-scarlet">
          {generalError}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending || nameMissing}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** 'Edit Profile' on one's own profile: display name and bio (PATCH /api/users/me/profile). */
export function EditProfileDialog({ profile }: { profile: UserProfile }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Pencil aria-hidden className="size-4" />
          Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>How your name and bio appear to the community.</DialogDescription>
        {/* Mounted per opening, so the form starts from the saved values each time. */}
        {open && <EditProfileForm profile={profile} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
