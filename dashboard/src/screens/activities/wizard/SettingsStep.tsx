import { hasFeature, messages } from '../../../../../engine/index.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Card } from '../../../components/Card.tsx';
import { FieldError, SelectField } from '../../../components/FormField.tsx';
import { Checkbox } from '../form.tsx';
import type { CancellationRuleSummary } from '../queries.ts';
import type { StepProps } from './step.ts';

const refundText = (rule: CancellationRuleSummary) => {
  const pct = rule.config.percentageToRefund;
  const refund = pct === 0 ? 'No refund' : pct === 100 ? 'Full refund' : `${pct}% refund`;
  const unit = rule.cancellationWindow.unit;
  return `${refund} when cancelled at least ${rule.cancellationWindow.amount} ${unit} before`;
};

const WAITLIST_OPTIONS = [
  { value: 'AllSessions', label: 'All sessions' },
  { value: 'SingleSession', label: 'Single sessions' },
];

/** Step 04: waitlist (Premium only), cancellation rules that apply, and publishing. */
export function SettingsStep({
  values,
  set,
  error,
  planLevel,
  savedWaitlistType,
  rules,
}: StepProps & {
  planLevel: number;
  /** The saved group's waitlist type: kept (or turned off) after a downgrade below Premium. */
  savedWaitlistType: string | null;
  rules: CancellationRuleSummary[];
}) {
  const waitlists = hasFeature(planLevel, 'waitlists');
  // Below Premium only the saved type may stay (the engine refuses a new or changed one), so
  // the select offers 'No waitlist' and that type, and stays usable while either is set.
  const kept = [savedWaitlistType, values.waitlistType].filter(Boolean);
  const offered = waitlists
    ? WAITLIST_OPTIONS
    : WAITLIST_OPTIONS.filter((o) => kept.includes(o.value));
  const chosen = values.cancellationRules ?? [];
  return (
    <>
      <Card title="Publishing">
        <Checkbox
          switchStyle
          label="Published"
          hint="Published activities show in your booking widget. Unpublished ones stay here as drafts."
          checked={values.enabled !== false}
          onChange={(enabled) => set({ enabled })}
        />
      </Card>
      <Card
        title="Waitlist"
        description="When sessions are full, parents can join a waitlist and are offered places that free up."
        actions={waitlists ? null : <Badge tone="brand">Premium</Badge>}
      >
        <div className="form">
          <SelectField
            label="Waitlist type"
            value={values.waitlistType ?? ''}
            disabled={offered.length === 0}
            error={error('waitlistType')}
            hint={
              !waitlists && offered.length > 0
                ? 'Your plan no longer includes waitlists: this one can stay or be turned off.'
                : undefined
            }
            onChange={(e) => set({ waitlistType: e.target.value || null })}
            options={[{ value: '', label: 'No waitlist' }, ...offered]}
          />
          {waitlists ? null : (
            <div>
              <a
                className="btn btn-primary btn-sm"
                href="/admin/settings/subscription"
                target="_blank"
                rel="noopener"
              >
                {messages.upgradeToPremium}
              </a>
            </div>
          )}
        </div>
      </Card>
      <Card
        title="Cancellation rules"
        description="The rules that decide refunds when a parent cancels a booking of this activity."
      >
        {rules.length === 0 ? (
          <p className="muted">No cancellation rules yet: parents cannot cancel online.</p>
        ) : (
          <div className="check-list">
            {rules.map((rule) => (
              <Checkbox
                key={rule._id}
                label={
                  <>
                    {rule.name} {rule.enabled ? null : <Badge>Disabled</Badge>}
                  </>
                }
                hint={refundText(rule)}
                checked={chosen.includes(rule._id)}
                onChange={(on) =>
                  set({
                    cancellationRules: on
                      ? [...chosen, rule._id]
                      : chosen.filter((id) => id !== rule._id),
                  })
                }
              />
            ))}
          </div>
        )}
        <FieldError message={error('cancellationRules')} />
      </Card>
    </>
  );
}
