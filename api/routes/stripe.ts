import { Hono } from 'hono';
import { connectedAccountStatusSchema, paymentMethodSettingSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readBody, readJson } from '../http/validate.ts';
import { requireAdmin, requireCustomer, requireUser } from '../middleware/auth.ts';
import { startCardCheckout } from '../payments/checkout.ts';
import { bookingSchedule } from '../payments/schedules.ts';
import { requireStripe, stripeClient } from '../payments/stripe.ts';
import { createPlan, deletePlan, listPlans, updatePlan } from '../payments/subscription-plans.ts';
import { handleStripeWebhook } from '../payments/webhook.ts';
import { audited } from '../services/audit.ts';
import {
  getPaymentMethodConfiguration,
  loadConnectedAccount,
  updateConnectedStatus,
  updatePaymentMethod,
} from '../services/stripe-accounts.ts';

/**
 * The organiser's Stripe settings (docs/data-model.md, docs/rules/editing-and-states.md,
 * docs/api/calls.md), the customer's card checkout and Stripe's webhook. Settings are admin-only;
 * the webhook proves itself with its signature instead.
 */
export const stripeRoutes = new Hono<AppEnv>()
  .get('/connected-account', async (c) => {
    const admin = requireAdmin(c);
    const settings = c.get('config').stripe;
    const stripe = settings ? stripeClient(settings) : null;
    return c.json({ data: await loadConnectedAccount(c.get('db'), stripe, admin.clientId) });
  })
  .post('/update-connected-account-status', async (c) => {
    const admin = requireAdmin(c);
    const { stripe } = requireStripe(c.get('config'));
    const input = await readBody(c, connectedAccountStatusSchema);
    return c.json({
      data: await updateConnectedStatus(c.get('db'), stripe, admin.clientId, input),
    });
  })
  .get('/payment-method-configurations', async (c) => {
    const admin = requireAdmin(c);
    const { stripe } = requireStripe(c.get('config'));
    return c.json({
      data: await getPaymentMethodConfiguration(c.get('db'), stripe, admin.clientId),
    });
  })
  .put('/payment-method-configurations', async (c) => {
    const admin = requireAdmin(c);
    const { stripe } = requireStripe(c.get('config'));
    const input = await readBody(c, paymentMethodSettingSchema);
    const data = await updatePaymentMethod(c.get('db'), stripe, admin.clientId, input);
    // Logged once Stripe has taken the change (the setting lives at Stripe, not in our tables);
    // no transaction is held open across the call to Stripe (docs/rules/data-rights.md).
    await audited(
      c.get('db'),
      admin,
      async () => null,
      () => ({
        action: 'settings.payments',
        subjectType: 'settings',
        subjectId: admin.clientId,
        summary: `${input.enabled ? 'Turned on' : 'Turned off'} the ${input.paymentMethod} payment method`,
        detail: { paymentMethod: input.paymentMethod, enabled: input.enabled },
      }),
    );
    return c.json({ data });
  })
  // The /pay page's PaymentIntent: created on the first call, the same one afterwards. Only the
  // booking's own customer may ask; a paid booking answers status 'confirmed'.
  .post('/bookings/:bookingId/payment-intent', async (c) => {
    const customer = requireCustomer(c);
    const { settings, stripe } = requireStripe(c.get('config'));
    return c.json({
      data: await startCardCheckout(c.get('db'), stripe, settings, {
        clientId: customer.clientId,
        userId: customer.userId,
        bookingId: c.req.param('bookingId'),
      }),
    });
  })
  .get('/subscription-plans', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listPlans(c.get('db'), admin.clientId) });
  })
  .post('/subscription-plans', async (c) => {
    const admin = requireAdmin(c);
    const { stripe } = requireStripe(c.get('config'));
    const body = await readJson(c);
    return c.json({ data: await createPlan(c.get('db'), stripe, admin.clientId, body) }, 201);
  })
  .put('/subscription-plans/:id', async (c) => {
    const admin = requireAdmin(c);
    const { stripe } = requireStripe(c.get('config'));
    const body = await readJson(c);
    return c.json({
      data: await updatePlan(c.get('db'), stripe, admin.clientId, c.req.param('id'), body),
    });
  })
  .delete('/subscription-plans/:id', async (c) => {
    const admin = requireAdmin(c);
    const { stripe } = requireStripe(c.get('config'));
    await deletePlan(c.get('db'), stripe, admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  })
  // A booking's later instalments and the spec's schedule texts: its customer or the organiser.
  .get('/bookings/:bookingId/schedule', async (c) => {
    const caller = requireUser(c);
    return c.json({
      data: await bookingSchedule(c.get('db'), {
        clientId: caller.clientId,
        bookingId: c.req.param('bookingId'),
        userId: caller.role === 'admin' ? null : caller.userId,
        now: new Date(),
      }),
    });
  })
  .post('/webhook', (c) => handleStripeWebhook(c));
