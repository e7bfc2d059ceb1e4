import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  /** Names the message (the outbox row id): the local outbox's file name. */
  reference: string;
  to: readonly string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly MailAttachment[];
}

/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Where mail goes: an SMTP server, or a folder of .eml files any mail client opens. */
export interface MailTransport {
  /** For logs: `smtp://host:port` (never the password) or the folder. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/** `SMTP_URL` when set; otherwise the local outbox, `<data folder>/outbox/`. */
export function mailTransportFor(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>): MailTransport {
  const from = config.mailFrom;
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, from);
  const folder =
    config.dataDir === 'memory://'
      ? join(tmpdir(), `watchfloor-outbox-${process.pid}`)
      : join(config.dataDir, 'outbox');
  return folderTransport(folder, from);
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  const url = new URL(smtpUrl);
  return {
    description: `${url.protocol}//${url.host}`,
    async send(mail) {
      const info = await transporter.sendMail(message(mail, from));
      return { messageId: info.messageId };
    },
  };
}

/** Writes each message as an RFC 5322 file, named so the folder lists in the order mail was sent. */
export function folderTransport(folder: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: folder,
    async send(mail) {
      const info = await transporter.sendMail(message(mail, from));
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(folder, `${stamp}-${mail.reference}.eml`), info.message as Buffer, {
        mode: 0o600,
      });
      return { messageId: info.messageId };
    },
  };
}

function message(mail: OutgoingMail, from: string) {
  return {
    from,
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments?.length ? { attachments: [...mail.attachments] } : {}),
  };
}
