import { Section, Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface BookingCancelledProps {
  organiser: Organiser;
  parentName: string;
  bookingNumber: string;
  /** True when nothing of the booking is left. */
  wholeBooking: boolean;
  /** Each cancelled place as people read it: 'Ada Lovelace, Day ticket: Tue 01/07/2031, 9am'. */
  places: string[];
  /** 'A refund of £12.50 to your card', or null when no refund is due. */
  refund: string | null;
  /** When the refund goes to a card: how long the bank may take. */
  refundNote: string | null;
  paid: string;
  refunded: string;
  owed: string;
}

const line = { ...textStyle, margin: '0' };

/**
 * The parent's notice that places were cancelled (by them or by the organiser), with the refund
 * and its method, and the booking's money after it.
 *
 * @example await render(<BookingCancelled {...props} />)
 */
export function BookingCancelled(props: BookingCancelledProps) {
  const what = props.wholeBooking
    ? `Your booking with ${props.organiser.name} has been cancelled.`
    : `Some places of your booking with ${props.organiser.name} have been cancelled.`;
  return (
    <Layout organiser={props.organiser} preview={`${props.bookingNumber}: ${what}`}>
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>{what}</Text>
      <Text style={headingStyle}>{props.bookingNumber}</Text>
      <Section style={{ margin: '0 0 12px' }}>
        <Text style={{ ...line, fontWeight: 700 }}>Cancelled</Text>
        {props.places.map((place) => (
          <Text key={place} style={line}>
            {`• ${place}`}
          </Text>
        ))}
      </Section>
      <Text style={textStyle}>{props.refund ?? 'No refund is due for these places.'}</Text>
      {props.refundNote ? <Text style={textStyle}>{props.refundNote}</Text> : null}
      <Text style={textStyle}>
        {`Paid: ${props.paid}. Refunded: ${props.refunded}. Still to pay: ${props.owed}.`}
      </Text>
    </Layout>
  );
}
