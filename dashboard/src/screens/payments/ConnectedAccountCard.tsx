import { useState } from 'react';
import { Alert } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useModal } from '../../components/useModal.ts';
import { BADGE_TONES, STRIPE_ENV_VARS } from './lib.ts';
import { type ConnectedAccount, useStripeOnboarding, useUpdateConnectedStatus } from './queries.ts';

/**
 * The organiser's Stripe account (docs/rules/screens.md, docs/rules/editing-and-states.md): its
 * badge, Connect (Stripe's hosted onboarding the first time, the Connect dialog afterwards),
 * finishing onboarding while Pending, and the Disconnect dialog. Without Stripe keys on the server
 * it explains how to set them instead.
 */
export function ConnectedAccountCard({ account }: { account: ConnectedAccount }) {
  const onboard = useStripeOnboarding();
  const update = useUpdateConnectedStatus();
  const [dialogConnects, setDialogConnects] = useState<boolean | null>(null);
  const reset = () => {
    update.reset();
    setDialogConnects(null);
  };
  const dialog = useModal({ onCancel: reset });
  const close = () => dialog.confirm(reset);

  if (!account.configured) {
    return (
      <Card title="Card payments" actions={<Badge>{account.status}</Badge>}>
        <Alert tone="info" title="Card payments are not set up on this server">
          <p>
            Parents can book and pay with the offline methods below. To take cards, Apple Pay and
            Google Pay through your own Stripe account, whoever runs this server sets these
            environment variables and restarts it:
          </p>
          <ul className="env-list">
            {STRIPE_ENV_VARS.map(([name, what]) => (
              <li key={name}>
                <code>{name}</code> — {what}
              </li>
            ))}
          </ul>
          <p>A Connect with Stripe button then appears here.</p>
        </Alert>
      </Card>
    );
  }

  const hasAccount = Boolean(account._id && account.accountId);
  // The dialog keeps the verb it opened with: after success the account re-reads with the new
  // state, and the dialog must still say what was just done.
  const connecting = dialogConnects ?? !account.connected;
  const verb = connecting ? 'Connect' : 'Disconnect';
  const openDialog = () => {
    setDialogConnects(!account.connected);
    dialog.open();
  };
  const action = !hasAccount ? (
    <Button loading={onboard.isPending} onClick={() => onboard.mutate(null)}>
      Connect with Stripe
    </Button>
  ) : (
    <>
      {account.connected && account.status === 'Pending' ? (
        <Button
          variant="secondary"
          loading={onboard.isPending}
          onClick={() => onboard.mutate(account.accountId)}
        >
          Finish Stripe setup
        </Button>
      ) : null}
      <Button variant={connecting ? 'primary' : 'secondary'} onClick={openDialog}>
        {verb}
      </Button>
    </>
  );

  return (
    <Card
      title="Card payments"
      description="Parents pay by card and wallet through your own Stripe account; the money goes straight to it."
      actions={action}
    >
      <p>
        Stripe account: <Badge tone={BADGE_TONES[account.status]}>{account.status}</Badge>
        {account.accountId ? <span className="muted"> {account.accountId}</span> : null}
      </p>
      {account.status === 'Pending' ? (
        <p className="muted">
          Stripe still needs some details before you can take payments and receive payouts.
        </p>
      ) : null}
      <Modal
        {...dialog.modalProps}
        size="sm"
        title={`${verb} Stripe account`}
        footer={
          update.isSuccess ? (
            <Button onClick={close}>Close</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={dialog.cancel}>
                Cancel
              </Button>
              <Button
                variant={connecting ? 'primary' : 'danger'}
                loading={update.isPending}
                onClick={() =>
                  update.mutate({
                    accountId: account.accountId!,
                    paymentMethodId: account._id!,
                    connected: connecting,
                  })
                }
              >
                {verb}
              </Button>
            </>
          )
        }
      >
        {update.isSuccess ? (
          <Alert tone="success">
            {connecting
              ? 'Your Stripe account is connected.'
              : 'Your Stripe account is disconnected. Parents can no longer pay by card.'}
          </Alert>
        ) : (
          <>
            {update.error ? <Alert>{update.error.message}</Alert> : null}
            <p>
              {connecting
                ? 'Parents will be able to pay by card through this Stripe account again.'
                : 'Parents will no longer be able to pay by card. Bookings already paid are not affected.'}
            </p>
          </>
        )}
      </Modal>
    </Card>
  );
}
