import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { submitContactMessage } from './service.js';
import { INBOX_LIMIT, type ContactStore, type InboxAudit } from './store.js';

/** POST /api/contact: anyone may write to us. */
export function contactRoutes(routes: ApiRoutes, store: ContactStore): void {
  const api = routes.group({ name: 'Contact', description: 'Write to the people running this site.' });
  api.post(
    '/contact',
    {
      access: 'public',
      summary: 'Send a message',
      inputName: 'Contact message',
      example: { body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', category: 'feature', message: 'Could the search avoid remakes?' } },
    },
    async ({ body }, _req, res) => {
      res.status(201).json(await submitContactMessage(store, body));
    },
  );
}

/** The contact inbox (Content tab): moderators and admins read and mark messages; every change is audited. */
export function contactInboxRoutes(routes: ApiRoutes, deps: { store: ContactStore; audit: InboxAudit }): void {
  const api = routes.group({ name: 'Moderation', description: 'Reported reviews and the contact inbox (the admin dashboard’s Content tab). Moderators and admins.' });
  api.get(
    '/admin/contact',
    {
      access: 'moderator',
      summary: 'The contact inbox',
      description: `Messages from /contact, newest first (at most ${INBOX_LIMIT}): all (default), unread or unanswered; \`unread\` counts every unread message.`,
      inputName: 'Inbox query',
      example: { query: { state: 'unread' } },
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.store.inbox(query.state));
    },
  );
  api.patch(
    '/admin/contact/:id',
    {
      access: 'moderator',
      summary: 'Mark a message read or answered',
      description: 'read / answered: true sets the time (an earlier one is kept), false clears it. Audited.',
      inputName: 'Inbox update',
      errors: { 404: 'No such message.' },
    },
    async ({ params, body }, req, res) => {
      res.json(await deps.store.update(currentUser(req).id, params.id, body, deps.audit));
    },
  );
}
