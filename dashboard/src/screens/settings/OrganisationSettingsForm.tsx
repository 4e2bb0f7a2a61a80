import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import * as v from 'valibot';
import { ApiError, type ClientSettings, describeFailure } from '../../../../api-client/index.ts';
import {
  COUNTRY_CODES,
  clientSettingsSchema,
  DATE_FORMATS,
  fieldErrors,
  formatCivilDate,
  HOLD_MINUTES,
  SESSION_REMINDER_HOURS,
  todayIn,
  UNPAID_RELEASE_DAYS,
} from '../../../../engine/index.ts';
import { api, queryClient, queryKeys } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { FormField, SelectField, TextField } from '../../components/FormField.tsx';
import { BUTTON_DISPLAYS, FORM_TEMPLATES } from '../../lib/display-options.ts';
import { countryName, currencyName } from '../../lib/format.ts';

/*
 * Every country, by name: the payment methods on offer depend on it (Revolut Pay in Cyprus, say),
 * so no organiser's country may be missing.
 */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({
  value: code,
  label: countryName(code),
})).sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
const CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'CHF'];

const withCurrent = (list: readonly string[], current: string) =>
  list.includes(current) ? list : [current, ...list];

/** Every IANA zone Chromium knows, so the organiser can pick any; falls back to the saved one. */
function timeZones(current: string): readonly string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return withCurrent(zones, current);
}

type Form = Record<
  | 'name'
  | 'country'
  | 'currency'
  | 'timeZone'
  | 'dateFormat'
  | 'holdMinutes'
  | 'unpaidReleaseDays'
  | 'formTemplate'
  | 'buttonDisplay'
  | 'senderName'
  | 'replyTo'
  | 'sessionReminderHours'
  | 'termsUrl'
  | 'privacyUrl',
  string
> & { allowPayLater: boolean; sessionReminders: boolean };

const formOf = (client: ClientSettings): Form => ({
  name: client.name,
  country: client.country,
  currency: client.currency,
  timeZone: client.timeZone,
  dateFormat: client.dateFormat,
  holdMinutes: String(client.holdMinutes),
  unpaidReleaseDays: String(client.unpaidReleaseDays),
  allowPayLater: client.allowPayLater,
  formTemplate: client.formTemplate,
  buttonDisplay: client.buttonDisplay,
  senderName: client.senderName ?? '',
  replyTo: client.replyTo ?? '',
  sessionReminders: client.sessionReminders,
  sessionReminderHours: String(client.sessionReminderHours),
  termsUrl: client.termsUrl ?? '',
  privacyUrl: client.privacyUrl ?? '',
});

/** A yes/no setting: the field's label and hint, and the checkbox with its own words. */
function CheckboxSetting({
  label,
  hint,
  text,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  text: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormField label={label} hint={hint}>
      {(control) => (
        <label className="settings-checkbox">
          <input
            {...control}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
          />
          {text}
        </label>
      )}
    </FormField>
  );
}

/**
 * Edits the organisation settings with the engine's schema (the server's own messages) and
 * PUT /api/client; the currency is locked once an activity exists, as the server enforces.
 */
export function OrganisationSettingsForm({
  client,
  onDone,
}: {
  client: ClientSettings;
  /** Called with true after a save, false on Cancel. */
  onDone: (saved: boolean) => void;
}) {
  const [form, setForm] = useState(() => formOf(client));
  const [touched, setTouched] = useState(false);
  const currencyLocked = client.onboardingInfo.hasCreatedActivity;
  const schema = useMemo(
    () => clientSettingsSchema({ currencyLocked, currentCurrency: client.currency }),
    [currencyLocked, client.currency],
  );
  const check = v.safeParse(schema, form);
  const localErrors = check.success ? {} : fieldErrors(check.issues);
  const save = useMutation({
    mutationFn: () =>
      describeFailure(api.put<ClientSettings>('/api/client', form), {
        prefix: 'Failed to save settings',
        bare: 'Failed to save settings.',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.client, saved);
      onDone(true);
    },
  });
  const serverErrors = save.error instanceof ApiError ? save.error.errors : {};
  const errors: Record<string, string | undefined> = touched
    ? { ...serverErrors, ...localErrors }
    : serverErrors;
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const toggle = (key: 'allowPayLater' | 'sessionReminders') => (checked: boolean) =>
    setForm((current) => ({ ...current, [key]: checked }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.success) save.mutate();
  };

  return (
    <form className="form settings-form" onSubmit={submit} noValidate>
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div className="settings-form-grid">
        <TextField
          label="Organisation name"
          required
          value={form.name}
          onChange={set('name')}
          error={errors.name}
        />
        <SelectField
          label="Country"
          value={form.country}
          onChange={set('country')}
          error={errors.country}
          options={
            COUNTRY_CODES.includes(client.country)
              ? COUNTRY_OPTIONS
              : [{ value: client.country, label: countryName(client.country) }, ...COUNTRY_OPTIONS]
          }
        />
        <SelectField
          label="Currency"
          value={form.currency}
          onChange={set('currency')}
          error={errors.currency}
          disabled={currencyLocked}
          hint={
            currencyLocked
              ? 'Locked: your prices and bookings are stored in this currency.'
              : 'Prices are entered and charged in this currency.'
          }
          options={withCurrent(CURRENCIES, client.currency).map((code) => ({
            value: code,
            label: `${code} · ${currencyName(code)}`,
          }))}
        />
        <SelectField
          label="Time zone"
          value={form.timeZone}
          onChange={set('timeZone')}
          error={errors.timeZone}
          hint="Session dates and times are in this zone."
          options={timeZones(client.timeZone).map((zone) => ({ value: zone, label: zone }))}
        />
        <SelectField
          label="Date format"
          value={form.dateFormat}
          onChange={set('dateFormat')}
          error={errors.dateFormat}
          options={DATE_FORMATS.map((format) => ({
            value: format,
            label: `${format} (${formatCivilDate(todayIn(Date.now(), form.timeZone || client.timeZone), format)})`,
          }))}
        />
        <TextField
          label="Place hold (minutes)"
          type="number"
          inputMode="numeric"
          min={HOLD_MINUTES.min}
          max={HOLD_MINUTES.max}
          required
          value={form.holdMinutes}
          onChange={set('holdMinutes')}
          error={errors.holdMinutes}
          hint="How long a place stays reserved while a parent pays."
        />
        <TextField
          label="Offline payment deadline (days)"
          type="number"
          inputMode="numeric"
          min={UNPAID_RELEASE_DAYS.min}
          max={UNPAID_RELEASE_DAYS.max}
          required
          value={form.unpaidReleaseDays}
          onChange={set('unpaidReleaseDays')}
          error={errors.unpaidReleaseDays}
          hint="A booking paid by childcare voucher, Tax-Free Childcare or pay later keeps its places this long; unpaid by then, the places are released."
        />
        <SelectField
          label="Form template"
          value={form.formTemplate}
          onChange={set('formTemplate')}
          error={errors.formTemplate}
          options={FORM_TEMPLATES}
        />
        <SelectField
          label="Button display"
          value={form.buttonDisplay}
          onChange={set('buttonDisplay')}
          error={errors.buttonDisplay}
          options={BUTTON_DISPLAYS}
        />
      </div>
      <CheckboxSetting
        label="Pay later"
        hint="Parents may book now and pay you directly; you mark the booking paid when the money arrives."
        text="Allow parents to pay later"
        checked={form.allowPayLater}
        onChange={toggle('allowPayLater')}
      />
      <h3 className="settings-form-heading">E-mails to parents</h3>
      <div className="settings-form-grid">
        <TextField
          label="Sender name"
          value={form.senderName}
          onChange={set('senderName')}
          error={errors.senderName}
          placeholder={form.name || client.name}
          hint="The name parents see e-mails from. Blank: your organisation name."
        />
        <TextField
          label="Reply-to address"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={form.replyTo}
          onChange={set('replyTo')}
          error={errors.replyTo}
          hint="Parents' replies go here. Blank: replies are not delivered to you."
        />
        <TextField
          label="Session reminder (hours before)"
          type="number"
          inputMode="numeric"
          min={SESSION_REMINDER_HOURS.min}
          max={SESSION_REMINDER_HOURS.max}
          required
          disabled={!form.sessionReminders}
          value={form.sessionReminderHours}
          onChange={set('sessionReminderHours')}
          error={errors.sessionReminderHours}
          hint="How long before a booked session parents are reminded of it."
        />
      </div>
      <CheckboxSetting
        label="Session reminders"
        hint="An e-mail to each parent before every session they booked."
        text="Remind parents before their sessions"
        checked={form.sessionReminders}
        onChange={toggle('sessionReminders')}
      />
      <h3 className="settings-form-heading">Registration</h3>
      <div className="settings-form-grid">
        <TextField
          label="Terms and conditions link"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={form.termsUrl}
          onChange={set('termsUrl')}
          error={errors.termsUrl}
          hint="Parents agree to these when they create an account; the agreement links here."
        />
        <TextField
          label="Privacy policy link"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={form.privacyUrl}
          onChange={set('privacyUrl')}
          error={errors.privacyUrl}
          hint="Where parents read how you handle their and their children's data."
        />
      </div>
      <div className="settings-form-actions">
        <Button
          type="button"
          variant="secondary"
          onClick={() => onDone(false)}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
