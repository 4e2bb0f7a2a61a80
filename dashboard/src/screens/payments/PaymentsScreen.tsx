import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ConnectedAccountCard } from './ConnectedAccountCard.tsx';
import { FundingAccountsCard } from './FundingAccountsCard.tsx';
import { PaymentMethodsCard } from './PaymentMethodsCard.tsx';
import { useConnectedAccount } from './queries.ts';
import { SubscriptionPlansCard } from './SubscriptionPlansCard.tsx';
import { VoucherProvidersCard } from './VoucherProvidersCard.tsx';
import './payments.css';

/**
 * Payment settings (/admin/settings/payments): the connected Stripe account and its payment
 * methods, then the offline methods (childcare vouchers, childcare funding accounts). Stripe's
 * onboarding returns here. This page never loads Stripe.js: only the parent's /pay page does.
 */
export function PaymentsScreen() {
  const account = useConnectedAccount();
  const client = useClientSettings();
  const connected = account.data?.configured && account.data.connected && account.data._id;
  return (
    <>
      <PageHeader
        title="Payments"
        description="How parents pay you: by card through your Stripe account, or offline with childcare vouchers and funding schemes."
      />
      <div className="payments-stack">
        <QueryError error={account.error} />
        {account.data ? <ConnectedAccountCard account={account.data} /> : null}
        {connected ? <PaymentMethodsCard country={client.data?.country ?? 'GB'} /> : null}
        {connected ? <SubscriptionPlansCard currency={client.data?.currency ?? 'GBP'} /> : null}
        <VoucherProvidersCard />
        <FundingAccountsCard />
      </div>
    </>
  );
}
