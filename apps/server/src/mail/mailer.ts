import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on mails to report recipients. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each mail is rendered by nodemailer as a complete
 * RFC 822 message and saved as an .eml file, so local runs and tests read exactly what would be sent.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (!options.smtpUrl) {
        await mkdir(options.dir, { recursive: true });
        const file = path.join(options.dir, `${Date.now()}-${randomUUID()}.eml`);
        await writeFile(file, info.message as Buffer);
        options.log.info({ to: message.to, subject: message.subject, file }, 'mail saved');
        return;
      }
      options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
  };
}
