import { type Feature, hasFeature, PLAN_LEVELS } from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { planName } from '../../lib/plan.ts';
import './settings.css';

const PLANS = [
  { name: 'Starter', level: PLAN_LEVELS.Starter },
  { name: 'Standard', level: PLAN_LEVELS.Standard },
  { name: 'Premium', level: PLAN_LEVELS.Premium },
] as const;

/** What each plan includes. Gated rows read their level from the engine, as the API enforces. */
const FEATURES: { label: string; feature: Feature | null }[] = [
  { label: 'Activities, sessions and tickets', feature: null },
  { label: 'Booking widget on your own website', feature: null },
  { label: 'Discount codes and multi-buy discounts', feature: null },
  { label: 'Cancellation rules and online cancellations', feature: null },
  { label: 'Childcare vouchers and pay later', feature: null },
  { label: 'Add-ons (kit hire, lunches, extras)', feature: 'addOns' },
  { label: 'Waitlists', feature: 'waitlists' },
  { label: 'Refunds to account credit', feature: 'accountCredit' },
];

const included = (level: number, feature: Feature | null) =>
  feature === null || hasFeature(level, feature);

/**
 * /admin/settings/subscription (docs/rules/screens.md): the plan the organiser is on and what each
 * plan adds. 'Feature not available' and 'Upgrade to Premium' open this page in a new tab.
 */
export function SubscriptionScreen() {
  const client = useClientSettings();
  const current = client.data ? planName(client.data.planLevel) : null;
  return (
    <>
      <PageHeader
        title="Subscription"
        description="Your Classwise plan and what each plan includes."
      />
      <QueryError error={client.error} />
      {client.isPending ? (
        <div className="card skeleton-card" role="status">
          <span className="visually-hidden">Loading your plan</span>
        </div>
      ) : null}
      {client.data ? (
        <Card
          title={
            <>
              Your plan: <Badge tone="brand">{current}</Badge>
            </>
          }
          description={`To change plan, contact Classwise support and quote your client ID ${client.data._id}. The change applies straight away, with no new embed code.`}
          flush
        >
          <div className="table-wrap">
            <table className="table plan-table">
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  {PLANS.map((plan) => (
                    <th
                      key={plan.name}
                      scope="col"
                      className={plan.name === current ? 'plan-current' : undefined}
                      aria-current={plan.name === current ? 'true' : undefined}
                    >
                      {plan.name}
                      {plan.name === current ? ' (current)' : ''}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {FEATURES.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {PLANS.map((plan) => (
                      <td
                        key={plan.name}
                        className={plan.name === current ? 'plan-current' : undefined}
                      >
                        {included(plan.level, row.feature) ? (
                          <span className="plan-yes">
                            ✓<span className="visually-hidden"> Included</span>
                          </span>
                        ) : (
                          <span className="plan-no">
                            –<span className="visually-hidden"> Not included</span>
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
    </>
  );
}
