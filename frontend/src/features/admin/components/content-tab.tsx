import { ADMIN_TEXTS, REPORT_REASON_LABELS, type InboxMessage, type ReportedReview } from '@cinema-dna/shared-types';
import { Check, EyeOff, Flag, Inbox, Mail, MailOpen, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useInbox, useModerateReview, useReportedReviews, useUpdateInboxMessage, type InboxState, type ModerationState } from '../api/content';
import { adminErrorText, formatDateTime } from '../lib/admin-format';
import { AdminSection, PanelEmpty, PanelError, PanelSkeleton } from './panel-states';

const CATEGORY_LABELS: Record<InboxMessage['category'], string> = {
  general: 'General question',
  bug: 'Bug report',
  feature: 'Feature request',
  account: 'Account',
  data: 'Data correction',
  other: 'Other',
};

/** A row of filter buttons, one pressed. */
function FilterButtons<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: Array<[T, string]>; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-full bg-ink-950/70 p-1 ring-1 ring-inset ring-ink-700">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'h-8 rounded-full px-3.5 text-sm font-medium transition-colors',
            value === option ? 'bg-ink-700 text-bone-50' : 'text-bone-400 hover:text-bone-100',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

function ReportedReviewCard({ review }: { review: ReportedReview }) {
  const moderate = useModerateReview();
  function act(action: 'hide' | 'restore') {
    moderate.mutate(
      { reviewId: review.reviewId, action },
      {
        onSuccess: () => toast({ title: action === 'hide' ? ADMIN_TEXTS.reviewHidden : ADMIN_TEXTS.reviewRestored }),
        onError: (error) => toast({ title: 'Review not changed', description: adminErrorText(error), variant: 'destructive' }),
      },
    );
  }
  return (
    <article aria-label={`Reported review: ${review.title}`} data-testid="reported-review" className={cn('rounded-2xl border p-5', review.hidden ? 'border-ink-700 bg-ink-900/40' : 'border-ink-700 bg-ink-900/70')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-bone-500">
            <Link to={`/entity/${review.entity.type}/${review.entity.id}`} className="text-bone-300 hover:text-amber-soft">
              {review.entity.name}
            </Link>
            {' · by '}
            <Link to={`/u/${review.author.username}`} className="text-bone-300 hover:text-amber-soft">
              {review.author.username}
            </Link>
            {' · '}
            {review.rating}/5
          </p>
          <h3 className="mt-1 break-words font-display text-lg font-medium text-bone-50">{review.title}</h3>
        </div>
        <div className="flex items-center gap-2">
          {review.hidden && <Badge tone="outline">Hidden</Badge>}
          <Badge tone="amber">
            <Flag aria-hidden className="size-3" />
            {plural(review.reportCount, 'report')}
          </Badge>
        </div>
      </div>
      <p className="mt-2 line-clamp-4 whitespace-pre-line break-words text-sm leading-relaxed text-bone-300">{review.content}</p>
      <ul aria-label="Reasons" className="mt-3 flex flex-wrap gap-2">
        {review.reasons.map((reason) => (
          <li key={reason.reason}>
            <Badge tone="neutral">
              {REPORT_REASON_LABELS[reason.reason]} × {reason.count}
            </Badge>
          </li>
        ))}
      </ul>
      {review.notes.length > 0 && (
        <ul aria-label="Notes" className="mt-3 grid gap-1.5">
          {review.notes.map((note, index) => (
            <li key={index} className="border-l-2 border-ink-600 pl-3 text-sm italic text-bone-400">
              {note}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-bone-500">Last reported {formatDateTime(review.lastReportedAt)}</p>
        {review.hidden ? (
          <Button variant="secondary" size="sm" disabled={moderate.isPending} onClick={() => act('restore')}>
            <RotateCcw aria-hidden className="size-4" />
            Restore
          </Button>
        ) : (
          <Button variant="danger" size="sm" disabled={moderate.isPending} onClick={() => act('hide')}>
            <EyeOff aria-hidden className="size-4" />
            Hide
          </Button>
        )}
      </div>
    </article>
  );
}

function ModerationQueue({ active }: { active: boolean }) {
  const [state, setState] = useState<ModerationState>('open');
  const reports = useReportedReviews(state, active);
  return (
    <AdminSection
      title="Reported reviews"
      aside={<FilterButtons label="Show reports" value={state} onChange={setState} options={[['open', 'Open'], ['hidden', 'Hidden'], ['all', 'All']]} />}
    >
      {reports.isPending ? (
        <PanelSkeleton label="Loading reported reviews" rows={3} />
      ) : reports.isError ? (
        <PanelError title="The reported reviews could not be loaded." error={reports.error} onRetry={() => void reports.refetch()} />
      ) : reports.data.reviews.length === 0 ? (
        <PanelEmpty icon={Flag} title={state === 'hidden' ? 'No hidden reviews' : 'Nothing to review'}>
          {state === 'open' ? 'Reviews members report show up here.' : undefined}
        </PanelEmpty>
      ) : (
        <div className="grid gap-3">
          {reports.data.reviews.map((review) => (
            <ReportedReviewCard key={review.reviewId} review={review} />
          ))}
        </div>
      )}
    </AdminSection>
  );
}

function InboxItem({ message }: { message: InboxMessage }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateInboxMessage();
  const unread = message.readAt === null;
  const answered = message.answeredAt !== null;
  const fail = (error: unknown) => toast({ title: 'Message not updated', description: adminErrorText(error), variant: 'destructive' });

  function toggle() {
    const next = !open;
    setOpen(next);
    // Opening a message marks it read.
    if (next && unread) update.mutate({ id: message.id, update: { read: true } }, { onError: fail });
  }

  return (
    <li data-testid="inbox-message" data-unread={unread} className={cn('rounded-xl border', unread ? 'border-amber-glow/30 bg-ink-900/80' : 'border-ink-800 bg-ink-900/40')}>
      <button type="button" aria-expanded={open} onClick={toggle} className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-left">
        {unread ? <Mail aria-label="Unread" className="size-4 shrink-0 text-amber-glow" /> : <MailOpen aria-label="Read" className="size-4 shrink-0 text-bone-500" />}
        <span className={cn('min-w-0 flex-1 truncate', unread ? 'font-semibold text-bone-50' : 'text-bone-200')}>{message.subject}</span>
        <Badge tone="neutral">{CATEGORY_LABELS[message.category]}</Badge>
        {answered && (
          <Badge tone="amber">
            <Check aria-hidden className="size-3" />
            Answered
          </Badge>
        )}
        <span className="w-full text-xs text-bone-500 sm:w-auto">
          {message.name} · {formatDateTime(message.createdAt)}
        </span>
      </button>
      {open && (
        <div className="border-t border-ink-800 px-4 py-4">
          <p className="text-sm text-bone-400">
            From {message.name} &lt;
            <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className="text-amber-soft hover:underline">
              {message.email}
            </a>
            &gt;
          </p>
          <p className="mt-3 whitespace-pre-line break-words text-sm leading-relaxed text-bone-200">{message.message}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant={answered ? 'secondary' : 'primary'} size="sm" aria-pressed={answered} disabled={update.isPending} onClick={() => update.mutate({ id: message.id, update: { answered: !answered } }, { onError: fail })}>
              <Check aria-hidden className="size-4" />
              {answered ? 'Answered' : 'Mark answered'}
            </Button>
            {!unread && (
              <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: message.id, update: { read: false } }, { onError: fail })}>
                Mark unread
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

function ContactInbox({ active }: { active: boolean }) {
  const [state, setState] = useState<InboxState>('all');
  const inbox = useInbox(state, active);
  return (
    <AdminSection
      title="Contact inbox"
      aside={
        <div className="flex flex-wrap items-center gap-3">
          {inbox.data && inbox.data.unread > 0 && (
            <Badge tone="amber" data-testid="inbox-unread">
              {inbox.data.unread} unread
            </Badge>
          )}
          <FilterButtons label="Show messages" value={state} onChange={setState} options={[['all', 'All'], ['unread', 'Unread'], ['unanswered', 'Unanswered']]} />
        </div>
      }
    >
      {inbox.isPending ? (
        <PanelSkeleton label="Loading messages" rows={3} />
      ) : inbox.isError ? (
        <PanelError title="The messages could not be loaded." error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.messages.length === 0 ? (
        <PanelEmpty icon={Inbox} title={state === 'all' ? 'No messages yet' : `No ${state} messages`}>
          {state === 'all' ? 'Messages sent from the contact page land here.' : undefined}
        </PanelEmpty>
      ) : (
        <ul aria-label="Messages" className="grid gap-2">
          {inbox.data.messages.map((message) => (
            <InboxItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

/** Content (moderators and admins): the moderation queue and the contact inbox. */
export function ContentTab({ active }: { active: boolean }) {
  return (
    <div className="grid gap-6">
      <ModerationQueue active={active} />
      <ContactInbox active={active} />
    </div>
  );
}
