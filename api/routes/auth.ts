import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetMessages,
  resetPasswordSchema,
} from '../../engine/index.ts';
import { noteFailure, noteSuccess, refuseWhileLocked } from '../auth/lockout.ts';
import { SESSION_COOKIE, TOKEN_TTL_DAYS } from '../auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requestPasswordReset, resetPassword } from '../mail/password-reset.ts';
import { requestToken } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';
import { registerCustomer, signIn } from '../services/auth.ts';
import { revokeToken } from '../services/sessions.ts';

export const auth = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const clientId = await requestClientId(c);
    await rateLimit(c, `register:${clientAddress(c)}`, { limit: 20, windowSeconds: 3600 });
    const input = await readBody(c, registrationSchema);
    // Per e-mail too, for a caller with many addresses trying one e-mail.
    await rateLimit(c, `register-email:${clientId}:${input.email.trim().toLowerCase()}`, {
      limit: 5,
      windowSeconds: 3600,
    });
    const result = await registerCustomer(c.get('db'), clientId, input);
    return c.json({ data: result }, 201);
  })
  .post('/login', async (c) => {
    const named = c.req.header('x-client-id') ?? null;
    const input = await readBody(c, loginSchema);
    const db = c.get('db');
    const address = clientAddress(c);
    // One address cannot spray many accounts; wrong passwords are counted per account and
    // address (auth/lockout.ts), so nobody elsewhere can lock the owner out.
    await rateLimit(c, `login-ip:${address}`, { limit: 100, windowSeconds: 300 });
    const account = `${named ?? 'admin'}:${input.email.trim().toLowerCase()}`;
    await refuseWhileLocked(db, account, address, Date.now());
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      result = await signIn(db, named, input);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401)
        await noteFailure(db, account, address, Date.now());
      throw error;
    }
    await noteSuccess(db, account, address);
    // Dashboard users (an admin, or a coach taking registers) get the session cookie.
    if (result.user.role === 'admin' || result.user.role === 'coach') {
      setCookie(c, SESSION_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: c.get('config').production,
        path: '/',
        maxAge: TOKEN_TTL_DAYS * 24 * 3600,
      });
    }
    return c.json({ data: result });
  })
  // Forgot password (issue 12): the widget names its client, the dashboard's sign-in does not.
  .post('/forgot-password', async (c) => {
    const clientId = c.req.header('x-client-id') ? await requestClientId(c) : null;
    await rateLimit(c, `forgot-ip:${clientAddress(c)}`, { limit: 10, windowSeconds: 3600 });
    const input = await readBody(c, forgotPasswordSchema);
    // Per address too, so nobody can fill someone's inbox from many machines.
    await rateLimit(c, `forgot-email:${input.email.trim().toLowerCase()}`, {
      limit: 3,
      windowSeconds: 3600,
    });
    await requestPasswordReset(c.get('db'), { clientId, input, now: new Date() });
    return c.json({ data: { message: resetMessages.linkSent } });
  })
  .post('/reset-password', async (c) => {
    const clientId = c.req.header('x-client-id') ? await requestClientId(c) : null;
    await rateLimit(c, `reset-ip:${clientAddress(c)}`, { limit: 20, windowSeconds: 3600 });
    const input = await readBody(c, resetPasswordSchema);
    await resetPassword(c.get('db'), { clientId, input, now: new Date() });
    return c.json({ data: { message: resetMessages.passwordChanged } });
  })
  .post('/logout', async (c) => {
    const token = requestToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    if (token) await revokeToken(c.get('db'), token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ data: { success: true } });
  });
