import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { LOGGER } from '../tokens.js';
import type { Logger } from '@exs/platform';
import type { Html } from '../views/html.js';
import { message, resetPasswordPage, resetRequestPage, signInPage, signUpPage } from '../views/pages.js';
import { field, pageContext, query, redirect, sendPage } from '../web.js';
import { AccountLink } from '../account/account-link.js';
import { LoginThrottle } from './login-throttle.js';
import { MailLimit, type MailVerdict } from './mail-limit.js';
import { acceptablePassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.js';
import { normalizeEmail } from './secrets.js';
import { SESSION_COOKIE, SessionsService } from './sessions.service.js';
import { UsersService } from './users.service.js';

// One answer for known and unknown addresses alike (no account enumeration).
const SIGNED_UP = 'Check your inbox: we have sent a message to that address with what to do next.';
const RESET_SENT = 'If that address has an account, we have sent it a link to choose a new password.';
const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
const THROTTLED = 'Too many failed sign-ins. Try again later, or reset your password.';
// Per client IP only: it says nothing about any address.
const TOO_MANY_MAILS = 'Too many requests from your network. Try again later.';

@Controller()
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly mailLimit: MailLimit,
    private readonly accounts: AccountLink,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('/signup')
  signUpForm(@Res() reply: FastifyReply): void {
    sendPage(reply, 200, signUpPage(pageContext(reply)));
  }

  @Post('/signup')
  async signUp(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const email = normalizeEmail(field(req, 'email', 300));
    const password = field(req, 'password', PASSWORD_MAX + 1);
    if (!email) return sendPage(reply, 400, signUpPage(pageContext(reply), 'Enter a valid e-mail address.'));
    if (!acceptablePassword(password)) return sendPage(reply, 400, signUpPage(pageContext(reply), `Choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`));
    const verdict = await this.mailVerdict(email, req.ip);
    if (verdict === 'refuse') return this.tooManyMails(reply, signUpPage(pageContext(reply), TOO_MANY_MAILS));
    if (verdict === 'send') {
      try {
        await this.users.signUp(email, password);
      } catch (err) {
        // Logged, not shown: the page must read the same whatever happened to the address.
        this.logger.error({ err }, 'sign-up mail not sent');
      }
    }
    sendPage(reply, 200, message(pageContext(reply), 'Check your inbox', SIGNED_UP));
  }

  @Get('/verify')
  async verify(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.users.verifyEmail(query(req, 'token'));
    if (!user) return sendPage(reply, 400, message(pageContext(reply), 'Link not valid', 'This link has expired or was already used. Sign up again to get a new one.', 'error'));
    // The account is made now; if the gateway cannot answer, the first page that needs it asks again.
    await this.accounts.accountId(user).catch((err: unknown) => this.logger.warn({ err }, 'account not created at verification; will retry'));
    sendPage(reply, 200, message(pageContext(reply), 'E-mail verified', 'Your e-mail address is verified and your account is ready. Sign in to continue.'));
  }

  @Get('/signin')
  signInForm(@Res() reply: FastifyReply): void {
    sendPage(reply, 200, signInPage(pageContext(reply)));
  }

  @Post('/signin')
  async signIn(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const email = normalizeEmail(field(req, 'email', 300)) ?? '';
    const password = field(req, 'password', PASSWORD_MAX + 1);
    if (!(await this.throttle.allowed(email, req.ip))) return sendPage(reply, 429, signInPage(pageContext(reply), THROTTLED));
    const user = email && password.length <= PASSWORD_MAX ? await this.users.authenticate(email, password) : null;
    if (!user) {
      await this.throttle.failed(email, req.ip);
      return sendPage(reply, 401, signInPage(pageContext(reply), WRONG_CREDENTIALS));
    }
    await this.throttle.succeeded(email);
    const secret = await this.sessions.start(user.id);
    void reply.setCookie(SESSION_COOKIE, secret, {
      httpOnly: true,
      secure: this.config.COOKIE_SECURE,
      sameSite: 'lax',
      path: '/',
      maxAge: this.sessions.ttlSeconds,
    });
    redirect(reply, '/');
  }

  @Post('/signout')
  async signOut(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.sessions.end(req.cookies[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    redirect(reply, '/signin');
  }

  @Get('/reset')
  resetForm(@Res() reply: FastifyReply): void {
    sendPage(reply, 200, resetRequestPage(pageContext(reply)));
  }

  @Post('/reset')
  async requestReset(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const email = normalizeEmail(field(req, 'email', 300));
    if (email) {
      const verdict = await this.mailVerdict(email, req.ip);
      if (verdict === 'refuse') return this.tooManyMails(reply, resetRequestPage(pageContext(reply), TOO_MANY_MAILS));
      if (verdict === 'send') await this.users.requestReset(email).catch((err: unknown) => this.logger.error({ err }, 'reset mail not sent'));
    }
    sendPage(reply, 200, message(pageContext(reply), 'Check your inbox', RESET_SENT));
  }

  /** The mail limit's verdict; with Redis unreachable no mail is sent (closed) and the page reads as usual. */
  private async mailVerdict(email: string, ip: string): Promise<MailVerdict> {
    try {
      return await this.mailLimit.check(email, ip);
    } catch (err) {
      this.logger.error({ err }, 'mail limit unavailable; no mail sent');
      return 'skip';
    }
  }

  private tooManyMails(reply: FastifyReply, page: Html): void {
    void reply.header('retry-after', String(this.config.MAIL_WINDOW_SECONDS));
    sendPage(reply, 429, page);
  }

  @Get('/reset/confirm')
  resetPasswordForm(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    sendPage(reply, 200, resetPasswordPage(pageContext(reply), query(req, 'token')));
  }

  @Post('/reset/confirm')
  async resetPassword(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const token = field(req, 'token', 200);
    const password = field(req, 'password', PASSWORD_MAX + 1);
    if (!acceptablePassword(password)) return sendPage(reply, 400, resetPasswordPage(pageContext(reply), token, `Choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`));
    if (!(await this.users.resetPassword(token, password))) {
      return sendPage(reply, 400, message(pageContext(reply), 'Link not valid', 'This link has expired or was already used. Ask for a new one.', 'error'));
    }
    sendPage(reply, 200, message(pageContext(reply), 'Password changed', 'Your password has been changed and every session signed out. Sign in with the new password.'));
  }
}
