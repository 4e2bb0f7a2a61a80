import { type ParsedMail, simpleParser } from 'mailparser';
import { startMailCatcher } from './catcher.ts';
import { readMailSettings } from './settings.ts';

/**
 * TESTS ONLY: an in-process SMTP server that parses what it receives, so a test reads a message
 * as a mail client would (subject, recipients, text, HTML, attachments). `refusing` makes it
 * turn messages away with a 550 and the given reason until set back to null.
 *
 * @example const inbox = await startTestInbox(); … const [mail] = inbox.received;
 */
export async function startTestInbox() {
  const received: ParsedMail[] = [];
  const state = { refusing: null as string | null };
  const refusedAddresses = new Map<string, string>();
  const catcher = await startMailCatcher({
    refuse: () => state.refusing,
    refuseRecipient: (address) => refusedAddresses.get(address.toLowerCase()) ?? null,
    onMessage: async ({ raw }) => {
      received.push(await simpleParser(raw));
    },
  });
  return {
    ...catcher,
    received,
    refuse(reason: string | null) {
      state.refusing = reason;
    },
    /** Refuses one recipient at RCPT TO with a 550 and `reason` (null: accept it again). */
    refuseAddress(address: string, reason: string | null) {
      if (reason) refusedAddresses.set(address.toLowerCase(), reason);
      else refusedAddresses.delete(address.toLowerCase());
    },
    /** The mail context a sender in the test uses: this inbox, our test origin. */
    mail: {
      settings: readMailSettings({ smtpUrl: catcher.url, from: 'Classwise <mail@classwise.test>' }),
      publicUrl: 'http://localhost:3000',
    },
  };
}

export type TestInbox = Awaited<ReturnType<typeof startTestInbox>>;
