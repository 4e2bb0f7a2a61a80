import { createMiddleware } from 'hono/factory';
import { messages } from '../../engine/index.ts';
import type { AppEnv, Caller } from '../context.ts';
import { HttpError } from '../http/errors.ts';

/*
 * The coach role (issue 17): staff who take the registers of the activities assigned to them and
 * see nothing else, no money and no settings. Kept in its own file beside the auth guards so the
 * rule is in one place: a coach's request reaches only the calls below, whatever route is added
 * later; the registers routes then narrow to the coach's activities (services/registers.ts).
 */

/** What a coach's session may call: sign in and out, who am I, the organiser's name and zone, registers. */
const COACH_ALLOWED: readonly { method: string | null; path: RegExp }[] = [
  { method: null, path: /^\/api\/auth\/(login|logout)$/ },
  { method: 'GET', path: /^\/api\/users\/me$/ },
  { method: 'GET', path: /^\/api\/client$/ },
  { method: 'GET', path: /^\/api\/health$/ },
  { method: null, path: /^\/api\/registers(\/.*)?$/ },
];

/**
 * Refuses (403) any call of a coach outside COACH_ALLOWED. Runs after resolveCaller.
 *
 * @example api.use(resolveCaller).use(coachScope)
 */
export const coachScope = createMiddleware<AppEnv>(async (c, next) => {
  const caller = c.get('caller');
  if (caller?.role === 'coach') {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const allowed = COACH_ALLOWED.some(
      (rule) => (rule.method === null || rule.method === method) && rule.path.test(c.req.path),
    );
    if (!allowed) throw new HttpError(403, messages.forbidden);
  }
  await next();
});

/** Who is taking a register: an admin (every session of the client) or a coach (theirs only). */
export interface RegisterStaff {
  caller: Caller;
  /** The coach's user id, narrowing registers to their activities; null for an admin. */
  coachId: string | null;
}

/**
 * The guard of the registers routes: 401 signed out, 403 for a customer.
 *
 * @example const staff = requireRegisterStaff(c); await loadRegister(db, staff, sessionId, now);
 */
export function requireRegisterStaff(c: { get: (key: 'caller') => Caller | null }): RegisterStaff {
  const caller = c.get('caller');
  if (!caller) throw new HttpError(401, messages.unauthorised);
  if (caller.role === 'admin') return { caller, coachId: null };
  if (caller.role === 'coach') return { caller, coachId: caller.userId };
  throw new HttpError(403, messages.forbidden);
}
