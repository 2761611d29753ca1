import type { Logger } from '../../platform/logging.js';

/** One email. `link` is the action it carries (a verification link), kept apart so a logging mailer can show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

/** Sends email. The app takes one at construction; a real SMTP or API transport implements this. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The default mailer: no network. It writes each message to the log, with its link when `showLinks`
 * (development, so the link can be opened from the console). In production the link is left out: a
 * verification link proves ownership of an address, and log readers are not its owner.
 */
export function createLogMailer(logger: Logger, options: { showLinks: boolean }): Mailer {
  return {
    async send(message) {
      if (options.showLinks) {
        logger.info({ to: message.to, subject: message.subject, link: message.link }, 'email (not sent: no mailer configured)');
      } else {
        logger.warn({ subject: message.subject }, 'email not sent: no mailer configured');
      }
    },
  };
}

/** A mailer that keeps what it was asked to send (tests read the links from it). */
export function createMemoryMailer(): Mailer & { sent: MailMessage[]; lastTo(address: string): MailMessage | undefined } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    lastTo: (address) => sent.findLast((message) => message.to.toLowerCase() === address.toLowerCase()),
  };
}
