import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';

export interface Mail { to: string; subject: string; text: string }

/** E-mail through the SMTP server at SMTP_URL (Mailpit on a local stack), with a deadline on every step. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig) {
    const url = new URL(config.SMTP_URL);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
