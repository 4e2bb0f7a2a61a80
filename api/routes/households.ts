import { Hono } from 'hono';
import {
  acceptInviteSchema,
  householdMessages,
  inviteGuardianSchema,
  inviteTokenSchema,
  redeemSignInLinkSchema,
  signInLinkSchema,
} from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { findUserById } from '../db/repositories/users.ts';
import { notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin, requireCustomer } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';
import {
  acceptInvite,
  cancelInvite,
  inviteGuardian,
  listGuardians,
  loadHousehold,
  previewInvite,
  redeemSignInLink,
  removeGuardian,
  requestSignInLink,
} from '../services/households.ts';

/*
 * Households and link sign-in (docs/rules/households.md). The widget names its organiser with
 * X-Client-Id; every answer is scoped to that organiser and, for a parent, to their household.
 */

/** Mounted at /api/auth beside the password routes: no session needed. */
export const householdAuth = new Hono<AppEnv>()
  // 'E-mail me a sign-in link': the same answer whether or not the address has an account.
  .post('/sign-in-link', async (c) => {
    const clientId = await requestClientId(c);
    await rateLimit(c, `sign-in-link-ip:${clientAddress(c)}`, { limit: 10, windowSeconds: 3600 });
    const input = await readBody(c, signInLinkSchema);
    // Per address too, so nobody can fill someone's inbox from many machines.
    await rateLimit(c, `sign-in-link-email:${clientId}:${input.email}`, {
      limit: 3,
      windowSeconds: 3600,
    });
    await requestSignInLink(c.get('db'), clientId, input.email, new Date());
    return c.json({ data: { message: householdMessages.signInLinkSent } });
  })
  .post('/sign-in-link/redeem', async (c) => {
    const clientId = await requestClientId(c);
    await rateLimit(c, `sign-in-redeem-ip:${clientAddress(c)}`, {
      limit: 20,
      windowSeconds: 3600,
    });
    const input = await readBody(c, redeemSignInLinkSchema);
    const data = await redeemSignInLink(c.get('db'), clientId, input.token, new Date());
    return c.json({ data });
  })
  // What the invitation page shows: who invited, which address, whether it has an account.
  .post('/household-invite', async (c) => {
    const clientId = await requestClientId(c);
    await rateLimit(c, `invite-ip:${clientAddress(c)}`, { limit: 30, windowSeconds: 3600 });
    const input = await readBody(c, inviteTokenSchema);
    return c.json({ data: await previewInvite(c.get('db'), clientId, input.token, new Date()) });
  })
  .post('/household-invite/accept', async (c) => {
    const clientId = await requestClientId(c);
    await rateLimit(c, `invite-ip:${clientAddress(c)}`, { limit: 30, windowSeconds: 3600 });
    const input = await readBody(c, acceptInviteSchema);
    const data = await acceptInvite(c.get('db'), clientId, input, new Date());
    return c.json({ data });
  });

/** A parent's household (mounted at /api/user/household): always the caller's own. */
export const userHousehold = new Hono<AppEnv>()
  .get('/', async (c) => {
    const caller = requireCustomer(c);
    return c.json({ data: await loadHousehold(c.get('db'), caller, new Date()) });
  })
  .post('/invites', async (c) => {
    const caller = requireCustomer(c);
    // Each invitation sends an e-mail: a handful an hour is plenty for one family.
    await rateLimit(c, `household-invite:${caller.userId}`, { limit: 10, windowSeconds: 3600 });
    const { email } = await readBody(c, inviteGuardianSchema);
    const data = await inviteGuardian(c.get('db'), caller, email, new Date());
    return c.json({ data }, 201);
  })
  .delete('/invites/:id', async (c) => {
    const caller = requireCustomer(c);
    const id = c.req.param('id');
    if (id.length > 100) throw notFound();
    return c.json({ data: await cancelInvite(c.get('db'), caller, id, new Date()) });
  })
  // The main account removes a guardian; a guardian removes themselves (leaves).
  .delete('/guardians/:userId', async (c) => {
    const caller = requireCustomer(c);
    const id = c.req.param('userId');
    if (id.length > 100) throw notFound();
    return c.json({ data: await removeGuardian(c.get('db'), caller, id, new Date()) });
  });

/** The customer page's guardians (mounted at /api/users): admins of the customer's organiser. */
export const adminHousehold = new Hono<AppEnv>().get('/:id/household', async (c) => {
  const admin = requireAdmin(c);
  const db = c.get('db');
  const id = c.req.param('id');
  if (id.length > 100) throw notFound();
  const user = await findUserById(db, admin.clientId, id);
  if (!user) throw notFound();
  // A guardian's page shows the household they belong to.
  const membership = await db
    .selectFrom('household_guardians')
    .select('household_id')
    .where('client_id', '=', admin.clientId)
    .where('user_id', '=', id)
    .executeTakeFirst();
  const householdId = membership?.household_id ?? id;
  return c.json({
    data: {
      mainAccount: householdId,
      guardians: await listGuardians(db, admin.clientId, householdId),
    },
  });
});
