import {
  childcareVoucherProviderSchema,
  connectedAccountStatusSchema,
  createFundingAccountSchema,
  paymentMethodSettingSchema,
} from '../../../engine/index.ts';
import { subscriptionPlanSchema } from '../../../engine/schemas/subscription-plan.ts';
import { updateBody as planUpdateSchema } from '../../payments/subscription-plans.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Payments';
const provider = { name: 'Edenred', paymentInstructions: 'Pay to Riverside Swim Club Ltd' };
const fundingAccount = { name: 'Tax-Free Childcare', regReference: 'R123', postcode: 'LS1 1AA' };

/** Stripe Connect, card checkout, subscription plans and childcare payment methods. */
export const paymentRoutes: RouteDocs = {
  'GET /api/stripe/connected-account': {
    tag,
    summary: "The organiser's Stripe account and whether it can take payments",
    access: 'admin',
    returns: "The account's state.",
  },
  'POST /api/stripe/update-connected-account-status': {
    tag,
    summary: 'Turn a payment method of the connected account on or off',
    access: 'admin',
    body: {
      schema: connectedAccountStatusSchema,
      example: { accountId: 'acct_1Riverside', paymentMethodId: 'card', connected: true },
    },
    returns: "The account's state.",
  },
  'GET /api/stripe/payment-method-configurations': {
    tag,
    summary: 'Which Stripe payment methods are on',
    access: 'admin',
    returns: 'The configuration.',
  },
  'PUT /api/stripe/payment-method-configurations': {
    tag,
    summary: 'Turn one Stripe payment method on or off',
    access: 'admin',
    body: {
      schema: paymentMethodSettingSchema,
      example: { paymentMethodConfigId: 'pmc_1Riverside', paymentMethod: 'card', enabled: true },
    },
    returns: 'The configuration.',
  },
  'POST /api/stripe/bookings/:bookingId/payment-intent': {
    tag,
    summary: 'The card payment for a booking (the /pay page calls this)',
    description: "Created on the first call, the same one afterwards; only the booking's parent.",
    access: 'customer',
    noBody: 'The booking in the URL decides the amount.',
    returns: "The PaymentIntent's client secret, or status `confirmed` when already paid.",
  },
  'GET /api/stripe/subscription-plans': {
    tag,
    summary: 'Subscription plans with their Stripe prices',
    access: 'admin',
    returns: 'The plans.',
  },
  'POST /api/stripe/subscription-plans': {
    tag,
    summary: 'Create a monthly subscription plan (and its Stripe product and price)',
    access: 'admin',
    body: { schema: subscriptionPlanSchema, example: { name: 'Monthly', amount: '30' } },
    status: 201,
    returns: 'The plan.',
  },
  'PUT /api/stripe/subscription-plans/:id': {
    tag,
    summary: 'Rename a plan or turn it on or off',
    access: 'admin',
    body: { schema: planUpdateSchema, example: { name: 'Monthly (juniors)', enabled: true } },
    returns: 'The plan.',
  },
  'DELETE /api/stripe/subscription-plans/:id': {
    tag,
    summary: 'Delete a plan no ticket uses',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/stripe/bookings/:bookingId/schedule': {
    tag,
    summary: "A booking's instalments still to pay",
    access: 'signedIn',
    returns: 'The schedule with its texts.',
  },
  'POST /api/stripe/webhook': {
    tag,
    summary: "Stripe's events (payments, refunds, subscriptions, accounts)",
    description: 'Only events signed with the webhook secret are accepted; each is handled once.',
    access: 'public',
    raw: 'A Stripe event, checked against its `Stripe-Signature` header.',
    returns: '`{ received: true }`.',
  },
  'GET /api/payment-methods/stripe-onboard': {
    tag,
    summary: 'Start or continue Stripe onboarding',
    access: 'admin',
    query: { accountId: 'An existing connected account (`acct_…`).' },
    returns: '`{ accountLinkURL }` to send the browser to.',
  },
  'GET /api/childcare-voucher-providers': {
    tag,
    summary: 'Childcare voucher providers parents may pay with',
    access: 'admin',
    returns: 'The providers.',
  },
  'POST /api/childcare-voucher-providers': {
    tag,
    summary: 'Add a childcare voucher provider',
    access: 'admin',
    body: { schema: childcareVoucherProviderSchema, example: provider },
    status: 201,
    returns: 'The provider.',
  },
  'GET /api/childcare-voucher-providers/:id': {
    tag,
    summary: 'One voucher provider',
    access: 'admin',
    returns: 'The provider.',
  },
  'PUT /api/childcare-voucher-providers/:id': {
    tag,
    summary: 'Edit a voucher provider (or turn it off with `enabled`)',
    access: 'admin',
    body: { schema: childcareVoucherProviderSchema, example: { ...provider, name: 'Sodexo' } },
    returns: 'The provider.',
  },
  'DELETE /api/childcare-voucher-providers/:id': {
    tag,
    summary: 'Delete a voucher provider no payment used',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/childcare-funding-accounts': {
    tag,
    summary: 'Childcare funding accounts (Tax-Free Childcare and the like)',
    access: 'admin',
    returns: 'The accounts.',
  },
  'POST /api/childcare-funding-accounts': {
    tag,
    summary: 'Add a funding account',
    access: 'admin',
    body: { schema: createFundingAccountSchema({}), example: fundingAccount },
    status: 201,
    returns: 'The account.',
  },
  'PUT /api/childcare-funding-accounts/:id': {
    tag,
    summary: 'Edit a funding account',
    access: 'admin',
    body: {
      schema: createFundingAccountSchema({}),
      example: { ...fundingAccount, regReference: 'R999' },
    },
    returns: 'The account.',
  },
  'DELETE /api/childcare-funding-accounts/:id': {
    tag,
    summary: 'Delete a funding account',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
};
