/*
 * A field's type is fixed once answers exist (docs/rules/forms-and-messages.md): the field
 * dialog shows the Type locked with the reason, rather than letting the organiser pick a new
 * type and only refusing it on save. The demo's Medical notes have answers; Coach notes have none.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();

describe.skipIf(!chrome)('field type lock in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage();
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const editField = async (title: string) => {
    await page.goto(`${stack.productUrl}/admin/settings/fields?usage=attendee`);
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: 'Edit' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
    await dialog.waitFor();
    return dialog;
  };

  it('locks the type of a field that has answers, and says why', async () => {
    const dialog = await editField('Medical notes');
    const type = dialog.getByLabel('Type');
    await dialog
      .getByText('The type of a field cannot be changed once data has been saved for it.')
      .waitFor();
    expect(await type.isDisabled()).toBe(true);
    expect(await type.inputValue()).toBe('textarea');
    // Other settings stay editable, and saving keeps the type.
    await dialog.getByLabel('Help text').fill('Allergies, conditions or medication.');
    await dialog.getByRole('button', { name: 'Save field' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('leaves the type of a field without answers free to change', async () => {
    const dialog = await editField('Coach notes');
    const type = dialog.getByLabel('Type');
    // The select is locked until the answer count arrives, then frees up.
    for (let i = 0; i < 50 && (await type.isDisabled()); i++) await page.waitForTimeout(100);
    expect(await type.isDisabled()).toBe(false);
    await type.selectOption('text');
    expect(
      await dialog
        .getByText('The type of a field cannot be changed once data has been saved for it.')
        .count(),
    ).toBe(0);
  });
});
