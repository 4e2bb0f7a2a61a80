import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { formatInstant } from '../bookings/lib.ts';
import { useMessage } from './queries.ts';
import { kindLabels, statusLabel } from './status.ts';

/**
 * One message as the customer received it. The HTML is shown in a frame with every sandbox
 * restriction (no scripts, no forms, no same-origin access), so nothing in a message can act on
 * the dashboard, whatever a name or note in it contained.
 */
export function MessageDialog({
  dialog,
  messageId,
  timeZone,
}: {
  dialog: ModalControls;
  messageId: string | null;
  timeZone?: string;
}) {
  const message = useMessage(messageId);
  const locale = useLocale();
  const m = message.data;
  const status = m ? statusLabel(m) : null;
  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title={m?.subject ?? (m ? kindLabels[m.kind] : 'Message')}
      footer={<Button onClick={() => dialog.cancel()}>Close</Button>}
    >
      <QueryError error={message.error} />
      {m && status ? (
        <div className="message-detail">
          <p>
            <Badge tone={status.tone}>{status.text}</Badge>{' '}
            {`To ${m.recipient.name} <${m.recipient.email}>`}
          </p>
          {m.sentAt ? <p>Sent {formatInstant(m.sentAt, timeZone, locale)}</p> : null}
          {m.failureReason ? (
            <p role="note">
              {`Reason: ${m.failureReason}`}
              {m.nextAttemptAt
                ? ` Next try ${formatInstant(m.nextAttemptAt, timeZone, locale)}.`
                : ''}
            </p>
          ) : null}
          {m.html ? (
            <iframe
              title="Message as received"
              className="message-frame"
              sandbox=""
              srcDoc={m.html}
            />
          ) : (
            <p>Its content appears here once it has been sent.</p>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
