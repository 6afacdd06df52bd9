import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Queues a mail and returns at once, so response times never reveal whether a mail was sent. */
  send(message: MailMessage): void;
  /** Resolves when every queued mail has been handed over. */
  flush(): Promise<void>;
}

/** nodemailer over SMTP_URL, or .eml files in DATA_DIR/outbox with a log line when no SMTP is configured. */
export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { smtpUrl, outboxDir, mailFrom } = app.config;
    const pending = new Set<Promise<void>>();

    const deliver = smtpUrl
      ? (() => {
          const smtp = nodemailer.createTransport(smtpUrl);
          app.addHook('onClose', async () => smtp.close());
          return async (m: MailMessage) => {
            await smtp.sendMail({ from: mailFrom, ...m });
            app.log.info({ to: m.to, subject: m.subject }, 'mail sent over SMTP');
          };
        })()
      : (() => {
          const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
          return async (m: MailMessage) => {
            const info = await stream.sendMail({ from: mailFrom, ...m });
            await fs.mkdir(outboxDir, { recursive: true });
            const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
            await fs.writeFile(file, info.message as Buffer);
            app.log.info({ to: m.to, subject: m.subject, file }, `mail written to ${file}`);
          };
        })();

    const mailer: Mailer = {
      send(message) {
        const p = deliver(message)
          .catch((err) => app.log.error({ err, to: message.to }, 'mail delivery failed'))
          .finally(() => pending.delete(p));
        pending.add(p);
      },
      async flush() {
        await Promise.all([...pending]);
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('preClose', async () => mailer.flush());
  },
  { name: 'mail' },
);
