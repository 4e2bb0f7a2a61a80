import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { parse } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requireStripe } from '../payments/stripe.ts';
import { findUserEmail, onboardingLink } from '../services/stripe-accounts.ts';

const onboardQuery = v.object({ accountId: v.optional(v.pipe(v.string(), v.startsWith('acct_'))) });

/**
 * GET /api/payment-methods/stripe-onboard[?accountId] (docs/api/calls.md): creates the organiser's
 * connected account when it has none and answers `{ accountLinkURL }`, where the browser goes
 * to finish Stripe's onboarding.
 */
export const paymentMethods = new Hono<AppEnv>().get('/stripe-onboard', async (c) => {
  const admin = requireAdmin(c);
  const { stripe } = requireStripe(c.get('config'));
  const { accountId } = parse(onboardQuery, c.req.query());
  const accountLinkURL = await onboardingLink(c.get('db'), stripe, {
    clientId: admin.clientId,
    email: await findUserEmail(c.get('db'), admin.clientId, admin.userId),
    publicUrl: c.get('config').publicUrl,
    ...(accountId ? { accountId } : {}),
  });
  return c.json({ data: { accountLinkURL } });
});
