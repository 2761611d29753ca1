import { CONTACT_CATEGORIES, ContactMessageSchema, type ContactMessage } from '@cinema-dna/shared-types';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiRequestError, fieldErrorsOf } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Field, Input, Select, Textarea } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useSendContactMessage } from '../api/send-contact-message';

type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
type FieldName = keyof ContactMessage;
type FormValues = Record<FieldName, string>;

export const CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General question',
  bug: 'Bug report',
  feature: 'Feature request',
  account: 'Account',
  data: 'Data correction',
  other: 'Other',
};

const EMPTY: FormValues = { name: '', email: '', subject: '', category: 'general', message: '' };

/** The contact form: validates with the shared schema, keeps what was typed on failure, clears on success. */
export function ContactForm() {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const sendMutation = useSendContactMessage();

  const update = (field: FieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ContactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    sendMutation.mutate(parsed.data, {
      onSuccess: (response) => {
        toast({ title: 'Message Sent', description: response?.message || "Thank you for contacting us. We'll get back to you within 24 hours." });
        setValues(EMPTY);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        const description = error instanceof ApiRequestError ? error.serverMessage : undefined;
        toast({ title: 'Error', description: description ?? 'Failed to send message. Please try again.', variant: 'destructive' });
      },
    });
  }

  const sending = sendMutation.isPending;

  return (
    <form className="grid gap-5" onSubmit={handleSubmit} aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {({ id, describedBy, invalid }) => (
            <Input id={id} name="name" autoComplete="name" required value={values.name} onChange={update('name')} aria-describedby={describedBy} aria-invalid={invalid} />
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
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_14rem]">
        <Field label="Subject" error={errors.subject}>
          {({ id, describedBy, invalid }) => (
            <Input id={id} name="subject" required value={values.subject} onChange={update('subject')} aria-describedby={describedBy} aria-invalid={invalid} />
          )}
        </Field>
        <Field label="Category" error={errors.category} optional>
          {({ id, describedBy, invalid }) => (
            <Select id={id} name="category" value={values.category} onChange={update('category')} aria-describedby={describedBy} aria-invalid={invalid}>
              {CONTACT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Message" error={errors.message}>
        {({ id, describedBy, invalid }) => (
          <Textarea id={id} name="message" required rows={7} value={values.message} onChange={update('message')} aria-describedby={describedBy} aria-invalid={invalid} />
        )}
      </Field>
      <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-bone-500">Every field is required except the category.</p>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          <Send aria-hidden className="size-4" />
          {sending ? 'Sending' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
