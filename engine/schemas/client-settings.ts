import type * as v from 'valibot';
import { isCountryCode } from '../countries.ts';
import { isTimeZone } from '../dates.ts';
import { UNPAID_RELEASE_DAYS } from '../holds.ts';
import {
  isPlainAddress,
  mailSettingsMessages,
  SENDER_NAME_MAX,
  SESSION_REMINDER_HOURS,
} from '../mail-settings.ts';
import { messages } from '../messages.ts';
import { WEB_ADDRESS_MAX, webAddressProblem } from './account.ts';
import {
  checkInteger,
  flag,
  formSchema,
  Issues,
  isBlank,
  numberish,
  optionalText,
  optionalTextOf,
} from './common.ts';

export const DATE_FORMATS = ['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const;
export const FORM_TEMPLATES = ['Default', 'Seamless'] as const;
export const BUTTON_DISPLAYS = ['align right', 'full width', 'hidden', 'none'] as const;
/** How long a place may be held at checkout: long enough to find a card, short enough to be fair. */
export const HOLD_MINUTES = { min: 5, max: 60 } as const;

export interface ClientSettingsInput {
  name?: string | null;
  country?: string | null;
  currency?: string | null;
  timeZone?: string | null;
  dateFormat?: string | null;
  holdMinutes?: number | string | null;
  /** Days a voucher, Tax-Free Childcare or pay-later booking keeps its places unpaid. */
  unpaidReleaseDays?: number | string | null;
  allowPayLater?: boolean | null;
  formTemplate?: string | null;
  buttonDisplay?: string | null;
  /** The name e-mails are sent under; blank: the organisation's name. */
  senderName?: string | null;
  /** Where parents' replies go; blank: no Reply-To. */
  replyTo?: string | null;
  sessionReminders?: boolean | null;
  sessionReminderHours?: number | string | null;
  /** The organiser's terms and privacy pages; blank: not set (docs/rules/account.md). */
  termsUrl?: string | null;
  privacyUrl?: string | null;
}

/**
 * The organisation settings form (docs/data-model.md Client settings). The currency is locked once
 * the organiser has created an activity: every stored price is in minor units of that currency, so
 * changing it would silently re-price every ticket and booking.
 *
 * @example v.safeParse(clientSettingsSchema({ currencyLocked: true, currentCurrency: 'GBP' }), form)
 */
export function clientSettingsSchema(opts: { currencyLocked: boolean; currentCurrency: string }) {
  return formSchema(
    {
      name: optionalText,
      country: optionalText,
      currency: optionalText,
      timeZone: optionalText,
      dateFormat: optionalText,
      holdMinutes: numberish,
      unpaidReleaseDays: numberish,
      allowPayLater: flag,
      formTemplate: optionalText,
      buttonDisplay: optionalText,
      senderName: optionalText,
      replyTo: optionalText,
      sessionReminders: flag,
      sessionReminderHours: numberish,
      termsUrl: optionalTextOf(WEB_ADDRESS_MAX + 100),
      privacyUrl: optionalTextOf(WEB_ADDRESS_MAX + 100),
    },
    (form: ClientSettingsInput) => {
      const issues = new Issues();
      if (isBlank(form.name)) issues.add('name', messages.required);
      else if ((form.name ?? '').trim().length > 100)
        issues.add('name', messages.organisationNameTooLong);
      if (!isCountryCode((form.country ?? '').toUpperCase()))
        issues.add('country', messages.chooseCountry);
      if (!/^[A-Za-z]{3}$/.test(form.currency ?? ''))
        issues.add('currency', messages.chooseCurrency);
      else if (
        opts.currencyLocked &&
        (form.currency ?? '').toUpperCase() !== opts.currentCurrency.toUpperCase()
      ) {
        issues.add('currency', messages.currencyLocked);
      }
      if (!form.timeZone || !isTimeZone(form.timeZone)) {
        issues.add('timeZone', messages.chooseTimeZone);
      }
      if (!(DATE_FORMATS as readonly string[]).includes(form.dateFormat ?? '')) {
        issues.add('dateFormat', messages.unknownOption);
      }
      checkInteger(issues, 'holdMinutes', form.holdMinutes, {
        required: messages.required,
        min: { value: HOLD_MINUTES.min, message: messages.holdMinutesRange },
        max: { value: HOLD_MINUTES.max, message: messages.holdMinutesRange },
      });
      // Older clients of the API do not send it: the saved value (or the default) stays.
      if (!isBlank(form.unpaidReleaseDays))
        checkInteger(issues, 'unpaidReleaseDays', form.unpaidReleaseDays, {
          required: messages.required,
          min: { value: UNPAID_RELEASE_DAYS.min, message: messages.unpaidReleaseDaysRange },
          max: { value: UNPAID_RELEASE_DAYS.max, message: messages.unpaidReleaseDaysRange },
        });
      if (!(FORM_TEMPLATES as readonly string[]).includes(form.formTemplate ?? '')) {
        issues.add('formTemplate', messages.unknownOption);
      }
      if (!(BUTTON_DISPLAYS as readonly string[]).includes(form.buttonDisplay ?? '')) {
        issues.add('buttonDisplay', messages.unknownOption);
      }
      const sender = (form.senderName ?? '').trim();
      if (sender.length > SENDER_NAME_MAX)
        issues.add('senderName', mailSettingsMessages.senderNameTooLong);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      else if (/[\u0000-\u001f\u007f]/.test(sender))
        issues.add('senderName', mailSettingsMessages.senderNameOneLine);
      const replyTo = (form.replyTo ?? '').trim();
      if (replyTo && !isPlainAddress(replyTo))
        issues.add('replyTo', mailSettingsMessages.replyToInvalid);
      // Older clients of the API send none of the e-mail settings: the saved values stay.
      if (!isBlank(form.sessionReminderHours))
        checkInteger(issues, 'sessionReminderHours', form.sessionReminderHours, {
          required: messages.required,
          min: {
            value: SESSION_REMINDER_HOURS.min,
            message: mailSettingsMessages.sessionReminderHoursRange,
          },
          max: {
            value: SESSION_REMINDER_HOURS.max,
            message: mailSettingsMessages.sessionReminderHoursRange,
          },
        });
      for (const key of ['termsUrl', 'privacyUrl'] as const) {
        const problem = webAddressProblem(form[key]);
        if (problem) issues.add(key, problem);
      }
      return issues.list;
    },
    (form) => ({
      name: (form.name ?? '').trim(),
      country: (form.country ?? '').toUpperCase(),
      currency: (form.currency ?? '').toUpperCase(),
      timeZone: form.timeZone as string,
      dateFormat: form.dateFormat as (typeof DATE_FORMATS)[number],
      holdMinutes: Math.trunc(Number(form.holdMinutes)),
      unpaidReleaseDays: isBlank(form.unpaidReleaseDays)
        ? null
        : Math.trunc(Number(form.unpaidReleaseDays)),
      allowPayLater: form.allowPayLater === true,
      formTemplate: form.formTemplate as (typeof FORM_TEMPLATES)[number],
      buttonDisplay: form.buttonDisplay as (typeof BUTTON_DISPLAYS)[number],
      /** undefined: not sent (keep the saved value); null: cleared. */
      senderName: form.senderName === undefined ? undefined : form.senderName?.trim() || null,
      replyTo: form.replyTo === undefined ? undefined : form.replyTo?.trim().toLowerCase() || null,
      sessionReminders: typeof form.sessionReminders === 'boolean' ? form.sessionReminders : null,
      sessionReminderHours: isBlank(form.sessionReminderHours)
        ? null
        : Math.trunc(Number(form.sessionReminderHours)),
      /** undefined: not sent (keep the saved link); null: cleared. */
      termsUrl: form.termsUrl === undefined ? undefined : form.termsUrl?.trim() || null,
      privacyUrl: form.privacyUrl === undefined ? undefined : form.privacyUrl?.trim() || null,
    }),
  );
}
export type ClientSettingsOutput = v.InferOutput<ReturnType<typeof clientSettingsSchema>>;
