import { Column, Link, Row, Section, Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface ConfirmationLine {
  activity: string;
  attendee: string;
  ticket: string;
  price: string;
  /** Each booked session as people read it, e.g. 'Sat 29/11/2025, 9am–10am'. */
  sessions: string[];
}

export interface BookingConfirmationProps {
  organiser: Organiser;
  parentName: string;
  /** 'Booking number 1A2B3C4D', as the organiser's Bookings screen shows it. */
  bookingNumber: string;
  awaitingPayment: boolean;
  lines: ConfirmationLine[];
  total: string;
  paid: string;
  owed: string;
  /** The voucher provider's or pay-later instructions; null when nothing is owed. */
  howToPay: string | null;
  /** When unpaid places are released, in the organiser's zone. */
  payBy: string | null;
  /** The cancellation terms of each booked activity, as 'Activity: terms'. */
  cancellationTerms: string[];
  /** The booking's calendar file on our origin, with an unguessable token: 'Add to calendar'. */
  calendarUrl: string;
}

const label = { ...textStyle, color: '#6b7280', margin: '0' };
const value = { ...textStyle, margin: '0', textAlign: 'right' as const };

/**
 * The parent's booking confirmation: what was booked for whom and when, the money (total, paid,
 * owed) and, for a voucher or pay-later booking, how and by when to pay. Its calendar file is
 * attached by the composer.
 *
 * @example await render(<BookingConfirmation {...props} />)
 */
export function BookingConfirmation(props: BookingConfirmationProps) {
  const { organiser, awaitingPayment } = props;
  const intro = awaitingPayment
    ? `Thank you for booking with ${organiser.name}. Your places are reserved until your payment arrives.`
    : `Thank you for booking with ${organiser.name}. Your booking is confirmed.`;
  return (
    <Layout organiser={organiser} preview={`${props.bookingNumber}: ${intro}`}>
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>{intro}</Text>
      <Text style={headingStyle}>{props.bookingNumber}</Text>
      {props.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once
        <Section key={index} style={{ margin: '0 0 12px' }}>
          <Text style={{ ...textStyle, fontWeight: 700, margin: '0' }}>
            {`${line.activity}: ${line.attendee}`}
          </Text>
          <Text style={{ ...textStyle, margin: '0' }}>{`${line.ticket}, ${line.price}`}</Text>
          {line.sessions.map((session) => (
            <Text key={session} style={{ ...textStyle, margin: '0' }}>
              {`• ${session}`}
            </Text>
          ))}
        </Section>
      ))}
      <Section style={{ margin: '16px 0' }}>
        <Row>
          <Column>
            <Text style={label}>Total</Text>
          </Column>
          <Column>
            <Text style={value}>{props.total}</Text>
          </Column>
        </Row>
        <Row>
          <Column>
            <Text style={label}>Paid</Text>
          </Column>
          <Column>
            <Text style={value}>{props.paid}</Text>
          </Column>
        </Row>
        <Row>
          <Column>
            <Text style={label}>Still to pay</Text>
          </Column>
          <Column>
            <Text style={value}>{props.owed}</Text>
          </Column>
        </Row>
      </Section>
      {props.howToPay ? (
        <>
          <Text style={headingStyle}>How to pay</Text>
          <Text style={{ ...textStyle, whiteSpace: 'pre-line' }}>{props.howToPay}</Text>
        </>
      ) : null}
      {props.payBy ? (
        <Text style={textStyle}>
          {`Please pay by ${props.payBy}; unpaid places are released after that.`}
        </Text>
      ) : null}
      {props.cancellationTerms.length > 0 ? (
        <>
          <Text style={headingStyle}>Cancellation terms</Text>
          {props.cancellationTerms.map((terms) => (
            <Text key={terms} style={{ ...textStyle, margin: '0 0 8px' }}>
              {terms}
            </Text>
          ))}
        </>
      ) : null}
      <Text style={textStyle}>
        <Link href={props.calendarUrl}>Add to calendar</Link> (or open the attached calendar file).
      </Text>
      <Text style={textStyle}>{`Calendar link: ${props.calendarUrl}`}</Text>
    </Layout>
  );
}
