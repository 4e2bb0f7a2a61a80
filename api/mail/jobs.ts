import type { JobHandler } from '../jobs/queue.ts';
import { dailyDigestJobHandlers } from './daily-digest.ts';
import { SEND_MESSAGE_JOB } from './outbox.ts';
import { type MailContext, sendMessage } from './send.ts';
import { sessionReminderJobHandlers } from './session-reminders.ts';

/**
 * The mail job: one run per attempt of one outbox message (see outbox.ts and send.ts).
 *
 * @example startWorker(db, { ...mailJobHandlers({ settings: config.mail, publicUrl }) });
 */
export function mailJobHandlers(ctx: MailContext): Record<string, JobHandler> {
  return {
    ...sessionReminderJobHandlers(),
    ...dailyDigestJobHandlers(),
    [SEND_MESSAGE_JOB]: async ({ clientId, messageId, attempt }, { db, now }) => {
      await sendMessage(db, ctx, { clientId, messageId, attempt: Number(attempt) || 1 }, now);
    },
  };
}
