import { type PaymentMethod, paymentMethodToggles } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../activities/form.tsx';
import { METHOD_LABELS } from './lib.ts';
import { usePaymentMethodConfiguration, useUpdatePaymentMethod } from './queries.ts';

/**
 * The payment method toggles (docs/rules/constants.md): the methods Stripe offers in the
 * organiser's country, card always on and disabled, each switch saved to the account's
 * configuration at once.
 */
export function PaymentMethodsCard({ country }: { country: string }) {
  const config = usePaymentMethodConfiguration(true);
  const update = useUpdatePaymentMethod();
  const preferences = Object.fromEntries(
    Object.entries(config.data ?? {}).flatMap(([method, entry]) =>
      typeof entry === 'object' && entry ? [[method, entry.display_preference.value]] : [],
    ),
  ) as Partial<Record<PaymentMethod, 'on' | 'off'>>;

  return (
    <Card
      title="Payment methods"
      description="What parents can pay with at checkout, besides the offline methods below."
    >
      {config.error ? (
        <Alert title="Error loading payment method configurations">{config.error.message}</Alert>
      ) : null}
      {update.error ? <Alert>{update.error.message}</Alert> : null}
      {config.isPending ? (
        <p className="muted" role="status">
          Loading payment methods…
        </p>
      ) : null}
      {config.data ? (
        <div className="toggle-list">
          {paymentMethodToggles(country, preferences).map((toggle) => (
            <Checkbox
              key={toggle.method}
              switchStyle
              label={METHOD_LABELS[toggle.method]}
              checked={toggle.on}
              disabled={toggle.disabled || update.isPending}
              hint={toggle.method === 'card' ? 'Always on' : undefined}
              onChange={(enabled) =>
                update.mutate({
                  paymentMethodConfigId: config.data.id,
                  paymentMethod: toggle.method,
                  enabled,
                })
              }
            />
          ))}
        </div>
      ) : null}
    </Card>
  );
}
