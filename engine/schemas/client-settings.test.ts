import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { mailSettingsMessages } from '../mail-settings.ts';
import { messages } from '../messages.ts';
import { clientSettingsSchema } from './client-settings.ts';
import { fieldErrors } from './common.ts';

const valid = {
  name: ' Demo Sports Club ',
  country: 'gb',
  currency: 'gbp',
  timeZone: 'Europe/London',
  dateFormat: 'dd/MM/yyyy',
  holdMinutes: '20',
  unpaidReleaseDays: '10',
  allowPayLater: true,
  formTemplate: 'Seamless',
  buttonDisplay: 'full width',
};

const errorsOf = (form: Record<string, unknown>, locked = false) => {
  const result = v.safeParse(
    clientSettingsSchema({ currencyLocked: locked, currentCurrency: 'GBP' }),
    form,
  );
  return result.success ? {} : fieldErrors(result.issues);
};

describe('organisation settings form', () => {
  it('normalises a valid form', () => {
    const out = v.parse(
      clientSettingsSchema({ currencyLocked: true, currentCurrency: 'GBP' }),
      valid,
    );
    expect(out).toEqual({
      name: 'Demo Sports Club',
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
      dateFormat: 'dd/MM/yyyy',
      holdMinutes: 20,
      unpaidReleaseDays: 10,
      allowPayLater: true,
      formTemplate: 'Seamless',
      buttonDisplay: 'full width',
      sessionReminders: null,
      sessionReminderHours: null,
    });
  });

  it('reads the e-mail settings: sender name, reply-to, session reminders', () => {
    const schema = clientSettingsSchema({ currencyLocked: true, currentCurrency: 'GBP' });
    const out = v.parse(schema, {
      ...valid,
      senderName: ' Kickers Office ',
      replyTo: ' Office@Example.com ',
      sessionReminders: false,
      sessionReminderHours: '48',
    });
    expect(out).toMatchObject({
      senderName: 'Kickers Office',
      replyTo: 'office@example.com',
      sessionReminders: false,
      sessionReminderHours: 48,
    });
    // Blank clears the sender name and reply-to (null); not sent keeps them (undefined).
    const cleared = v.parse(schema, { ...valid, senderName: '', replyTo: ' ' });
    expect([cleared.senderName, cleared.replyTo]).toEqual([null, null]);
    expect(v.parse(schema, valid).senderName).toBeUndefined();
  });

  it('leaves the unpaid release deadline unchanged when an older client does not send it', () => {
    const { unpaidReleaseDays: _, ...older } = valid;
    const schema = clientSettingsSchema({ currencyLocked: true, currentCurrency: 'GBP' });
    // null tells the service to keep the saved number of days (or the default).
    expect(v.parse(schema, older).unpaidReleaseDays).toBeNull();
    expect(v.parse(schema, { ...valid, unpaidReleaseDays: '' }).unpaidReleaseDays).toBeNull();
  });

  it.each([
    [{ senderName: 'x'.repeat(101) }, 'senderName', mailSettingsMessages.senderNameTooLong],
    [{ senderName: 'Club\r\nBcc: a@b.c' }, 'senderName', mailSettingsMessages.senderNameOneLine],
    [{ replyTo: 'office' }, 'replyTo', mailSettingsMessages.replyToInvalid],
    [{ replyTo: 'a@b.c, evil@x.y' }, 'replyTo', mailSettingsMessages.replyToInvalid],
    [
      { sessionReminderHours: '0' },
      'sessionReminderHours',
      mailSettingsMessages.sessionReminderHoursRange,
    ],
    [
      { sessionReminderHours: 169 },
      'sessionReminderHours',
      mailSettingsMessages.sessionReminderHoursRange,
    ],
    [{ name: '  ' }, 'name', messages.required],
    [{ name: 'x'.repeat(101) }, 'name', messages.organisationNameTooLong],
    [{ country: 'GBR' }, 'country', messages.chooseCountry],
    [{ country: 'ZZ' }, 'country', messages.chooseCountry],
    [{ currency: '' }, 'currency', messages.chooseCurrency],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', messages.chooseTimeZone],
    [{ dateFormat: 'd.M.yy' }, 'dateFormat', messages.unknownOption],
    [{ holdMinutes: '' }, 'holdMinutes', messages.required],
    [{ holdMinutes: 4 }, 'holdMinutes', messages.holdMinutesRange],
    [{ holdMinutes: '61' }, 'holdMinutes', messages.holdMinutesRange],
    [{ holdMinutes: 'soon' }, 'holdMinutes', messages.invalidNumber],
    [{ unpaidReleaseDays: 0 }, 'unpaidReleaseDays', messages.unpaidReleaseDaysRange],
    [{ unpaidReleaseDays: '61' }, 'unpaidReleaseDays', messages.unpaidReleaseDaysRange],
    [{ unpaidReleaseDays: 'a week' }, 'unpaidReleaseDays', messages.invalidNumber],
    [{ formTemplate: 'Fancy' }, 'formTemplate', messages.unknownOption],
    [{ buttonDisplay: 'left' }, 'buttonDisplay', messages.unknownOption],
  ])('%o → %s: %s', (change, key, message) => {
    expect(errorsOf({ ...valid, ...change })[key]).toBe(message);
  });

  it('locks the currency once the organiser has created an activity', () => {
    expect(errorsOf({ ...valid, currency: 'EUR' }, true).currency).toBe(messages.currencyLocked);
    expect(errorsOf({ ...valid, currency: 'EUR' }, false).currency).toBeUndefined();
  });

  it('refuses fields it does not know', () => {
    expect(
      v.safeParse(clientSettingsSchema({ currencyLocked: false, currentCurrency: 'GBP' }), {
        ...valid,
        planLevel: 30,
      }).success,
    ).toBe(false);
  });
});
