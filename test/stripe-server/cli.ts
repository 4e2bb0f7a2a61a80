/*
 * The Stripe test server on its own, for trying the payment settings by hand offline:
 *
 *   npx tsx test/stripe-server/cli.ts [port]     # prints the variables to start the product with
 *
 * Connect with Stripe then leads to the server's one-button onboarding page. Stripe.js itself
 * still comes from js.stripe.com, so the card form of /pay needs the internet.
 */
import { startFakeStripe } from './index.ts';

const port = Number(process.argv[2] ?? 12111);
const fake = await startFakeStripe({ port });
console.log(`Stripe test server on ${fake.url}. Start the product with:

  STRIPE_SECRET_KEY=${fake.secretKey} \\
  STRIPE_PUBLISHABLE_KEY=${fake.publishableKey} \\
  STRIPE_WEBHOOK_SECRET=${fake.webhookSecret} \\
  STRIPE_API_BASE=${fake.url} npm start
`);
process.on('SIGINT', () => fake.close().then(() => process.exit(0)));
