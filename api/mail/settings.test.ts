import { describe, expect, it } from 'vitest';
import { readMailSettings } from './settings.ts';

describe('readMailSettings', () => {
  it('reads a name and address from MAIL_FROM, and keeps SMTP_URL', () => {
    expect(
      readMailSettings({
        smtpUrl: 'smtps://user:secret@smtp.example.com:465',
        from: '"Little Kickers" <hello@kickers.example>',
      }),
    ).toEqual({
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      from: { name: 'Little Kickers', address: 'hello@kickers.example' },
    });
    expect(readMailSettings({ from: 'hello@kickers.example' }).from).toEqual({
      name: 'Classwise',
      address: 'hello@kickers.example',
    });
    expect(readMailSettings({}).smtpUrl).toBeNull();
  });

  it('refuses what it cannot send with, naming the variable', () => {
    expect(() => readMailSettings({ smtpUrl: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => readMailSettings({ from: 'Classwise <not an address>' })).toThrow(/MAIL_FROM/);
  });
});
