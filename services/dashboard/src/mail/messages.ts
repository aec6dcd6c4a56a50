import type { Mail } from './mailer.js';

/** The e-mails the dashboard sends; links are absolute, under PUBLIC_URL. */
export const verificationMail = (to: string, link: string, ttlMinutes: number): Mail => ({
  to,
  subject: 'Verify your e-mail address',
  text: `Someone (we hope you) signed up for exs with this address.\n\nTo finish, open this link within ${ttlMinutes} minutes:\n\n${link}\n\nIt works once. If you did not sign up, ignore this e-mail: no account is made without it.\n`,
});

export const alreadyRegisteredMail = (to: string, signInLink: string, resetLink: string): Mail => ({
  to,
  subject: 'You already have an exs account',
  text: `Someone (we hope you) tried to sign up for exs with this address, which already has an account.\n\nSign in: ${signInLink}\nForgot the password? ${resetLink}\n\nIf it was not you, nothing has changed.\n`,
});

export const resetMail = (to: string, link: string, ttlMinutes: number): Mail => ({
  to,
  subject: 'Reset your exs password',
  text: `To choose a new password, open this link within ${ttlMinutes} minutes:\n\n${link}\n\nIt works once. If you did not ask for it, ignore this e-mail: your password has not changed.\n`,
});
