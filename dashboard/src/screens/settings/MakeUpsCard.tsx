import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../../../api-client/index.ts';
import {
  fieldErrors,
  MAKE_UP_LIMITS,
  type MakeUpRule,
  type MakeUpSpendOn,
  makeUpRuleSchema,
} from '../../../../engine/index.ts';
import { api, queryClient, useActivityGroups } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { SelectField, TextField } from '../../components/FormField.tsx';

const KEY = ['make-ups', 'rule'] as const;

const SPEND_ON: { value: MakeUpSpendOn; label: string }[] = [
  { value: 'same', label: 'The same activity' },
  { value: 'any', label: 'Any activity' },
  { value: 'listed', label: 'Activities I choose' },
];

interface Form {
  enabled: boolean;
  noticeHours: string;
  perTerm: string;
  expiryDays: string;
  spendOn: MakeUpSpendOn;
  activityGroupIds: string[];
}

const formOf = (rule: MakeUpRule): Form => ({
  enabled: rule.enabled,
  noticeHours: String(rule.noticeHours),
  perTerm: String(rule.perTerm),
  expiryDays: String(rule.expiryDays),
  spendOn: rule.spendOn,
  activityGroupIds: [...rule.activityGroupIds],
});

/** Whole numbers as typed; anything else stays a string so the schema names the field. */
const wholeOrText = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text) : text);

/**
 * Settings › Make-ups (docs/rules/make-ups.md): whether a parent's reported absence earns a
 * make-up credit, with how much notice, how many per term, how long a credit lasts and which
 * activities it may book (GET/PUT /api/make-ups/rule). Checked with the engine's schema, the
 * one the server uses.
 */
export function MakeUpsCard() {
  const saved = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<MakeUpRule>('/api/make-ups/rule'),
  });
  const groups = useActivityGroups();
  const [form, setForm] = useState<Form | null>(null);
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (saved.data && !form) setForm(formOf(saved.data));
  }, [saved.data, form]);
  const body = form && {
    enabled: form.enabled,
    noticeHours: wholeOrText(form.noticeHours),
    perTerm: wholeOrText(form.perTerm),
    expiryDays: wholeOrText(form.expiryDays),
    spendOn: form.spendOn,
    activityGroupIds: form.spendOn === 'listed' ? form.activityGroupIds : [],
  };
  const check = body ? v.safeParse(makeUpRuleSchema, body) : null;
  const save = useMutation({
    mutationFn: () => api.put<MakeUpRule>('/api/make-ups/rule', body),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      setForm(formOf(data));
      setDone(true);
    },
  });
  const serverErrors = save.error instanceof ApiError ? save.error.errors : {};
  const errors: Record<string, string | undefined> = {
    ...serverErrors,
    ...(touched && check && !check.success ? fieldErrors(check.issues) : {}),
  };
  const change = (next: Partial<Form>) => {
    setDone(false);
    setForm((current) => (current ? { ...current, ...next } : current));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check?.success) save.mutate();
  };

  return (
    <Card
      title="Make-ups"
      description="Parents report an absence from My bookings; the place goes back on sale, and under this rule the child earns a make-up: a free place in another session with room."
    >
      <QueryError error={saved.error} />
      {!form ? (
        <div className="skeleton-card" role="status">
          <span className="visually-hidden">Loading the make-up rule</span>
        </div>
      ) : (
        <form className="form settings-form" onSubmit={submit} noValidate>
          {save.error && !(save.error instanceof ApiError && save.error.errors) ? (
            <Alert tone="error">{save.error.message}</Alert>
          ) : null}
          <label className="check">
            <input
              type="checkbox"
              name="enabled"
              checked={form.enabled}
              onChange={(event) => change({ enabled: event.target.checked })}
            />
            <span className="check-text">
              <span className="check-label">Reported absences earn a make-up</span>
            </span>
          </label>
          <div className="settings-form-grid">
            <TextField
              label="Notice (hours before the session)"
              inputMode="numeric"
              value={form.noticeHours}
              onChange={(event) => change({ noticeHours: event.target.value })}
              error={errors.noticeHours}
              hint={`Up to ${MAKE_UP_LIMITS.noticeHours}. Later reports still free the place but earn no make-up.`}
            />
            <TextField
              label="Make-ups per term"
              inputMode="numeric"
              value={form.perTerm}
              onChange={(event) => change({ perTerm: event.target.value })}
              error={errors.perTerm}
              hint="Per child, per activity."
            />
            <TextField
              label="A make-up lasts (days)"
              inputMode="numeric"
              value={form.expiryDays}
              onChange={(event) => change({ expiryDays: event.target.value })}
              error={errors.expiryDays}
              hint="Counted from the missed session."
            />
            <SelectField
              label="A make-up may be booked in"
              value={form.spendOn}
              onChange={(event) => change({ spendOn: event.target.value as MakeUpSpendOn })}
              options={SPEND_ON}
              error={errors.spendOn}
            />
          </div>
          {form.spendOn === 'listed' ? (
            <fieldset className="fieldset">
              <legend>Activities a make-up may book</legend>
              <div className="check-list">
                {(groups.data ?? []).map((g) => (
                  <label key={g._id} className="check">
                    <input
                      type="checkbox"
                      checked={form.activityGroupIds.includes(g._id)}
                      onChange={(event) =>
                        change({
                          activityGroupIds: event.target.checked
                            ? [...form.activityGroupIds, g._id]
                            : form.activityGroupIds.filter((id) => id !== g._id),
                        })
                      }
                    />
                    <span className="check-text">
                      <span className="check-label">{g.name}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.activityGroupIds ? (
                <p className="field-error">{errors.activityGroupIds}</p>
              ) : null}
            </fieldset>
          ) : null}
          <div className="settings-form-actions">
            <Button type="submit" loading={save.isPending}>
              Save make-ups
            </Button>
          </div>
          {done ? <Alert tone="success">The make-up rule is saved.</Alert> : null}
        </form>
      )}
    </Card>
  );
}
