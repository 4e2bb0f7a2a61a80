import { useState } from 'react';
import { Link } from 'react-router';
import { bounceMessages } from '../../../../engine/mail-bounces.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { useLocale } from '../../lib/money.ts';
import { bookingRef, formatInstant } from '../bookings/lib.ts';
import { useBounces } from './bounces.ts';
import { MessageDialog } from './MessageDialog.tsx';
import { type MessageSummaryDto, useMessages, useResendConfirmation } from './queries.ts';
import { RefusedAddresses } from './RefusedAddresses.tsx';
import { kindLabels, statusLabel } from './status.ts';
import './messages.css';

const PAGE_SIZE = 20;

/**
 * Messages: every e-mail the product sent (or is sending) to the organiser's customers, with its
 * status and the reason for a failure, so the organiser can answer "did they get the
 * confirmation?" and send it again.
 */
export function MessagesScreen() {
  const client = useClientSettings();
  const timeZone = client.data?.timeZone;
  const locale = useLocale();
  const [email, setEmail] = useState('');
  const [page, setPage] = useState(1);
  const messages = useMessages(email.trim(), page, PAGE_SIZE);
  const resend = useResendConfirmation();
  const [openId, setOpenId] = useState<string | null>(null);
  const dialog = useModal({ onCancel: () => setOpenId(null) });
  const [notice, setNotice] = useState<string | null>(null);
  const bounces = useBounces();
  const refused = new Set(bounces.data?.map((b) => b.email));

  const columns: Column<MessageSummaryDto>[] = [
    {
      key: 'message',
      header: 'Message',
      render: (m) => (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setOpenId(m._id);
            dialog.open();
          }}
        >
          {m.subject ?? kindLabels[m.kind] ?? m.kind}
        </button>
      ),
    },
    {
      key: 'to',
      header: 'To',
      render: (m) => (
        <>
          {m.recipient.name}
          {refused.has(m.recipient.email.toLowerCase()) ? (
            <span className="recipient-refused">
              <Badge tone="danger">{bounceMessages.badge}</Badge>
            </span>
          ) : null}
          <span className="detail-note">{m.recipient.email}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (m) => {
        const status = statusLabel(m);
        return (
          <>
            <Badge tone={status.tone}>{status.text}</Badge>
            {m.failureReason ? <span className="detail-note">{m.failureReason}</span> : null}
          </>
        );
      },
    },
    {
      key: 'when',
      header: 'When',
      hideOnMobile: true,
      render: (m) => formatInstant(m.sentAt ?? m.createdAt, timeZone, locale),
    },
    {
      key: 'booking',
      header: 'Booking',
      hideOnMobile: true,
      render: (m) =>
        m.bookingId ? (
          <span className="message-actions">
            <Link to={`/bookings/${m.bookingId}`}>{bookingRef(m.bookingId)}</Link>
            {m.kind === 'booking-confirmation' ? (
              <Button
                size="sm"
                variant="secondary"
                loading={resend.isPending && resend.variables === m.bookingId}
                onClick={() =>
                  resend.mutate(m.bookingId!, {
                    onSuccess: () =>
                      setNotice(
                        `A new confirmation of booking ${bookingRef(m.bookingId!)} is on its way to ${m.recipient.email}.`,
                      ),
                  })
                }
              >
                Resend confirmation
              </Button>
            ) : null}
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Messages"
        description="Every e-mail sent to your customers, whether it arrived at their mail server, and what it said."
      />
      <QueryError error={messages.error ?? resend.error ?? bounces.error} />
      {notice ? (
        <p className="message-notice" role="status">
          {notice}
        </p>
      ) : null}
      <RefusedAddresses bounces={bounces.data} timeZone={timeZone} />
      <Card flush>
        <div className="toolbar">
          <div className="search">
            <input
              type="search"
              className="input"
              placeholder="Customer's e-mail address"
              aria-label="Search messages by e-mail address"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <Table
          caption="Messages"
          columns={columns}
          rows={messages.data?.data}
          rowKey={(m) => m._id}
          loading={messages.isPending}
        />
        {messages.data ? (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={messages.data.meta.total}
            onPageChange={setPage}
          />
        ) : null}
      </Card>
      <MessageDialog dialog={dialog} messageId={openId} timeZone={timeZone} />
    </>
  );
}
