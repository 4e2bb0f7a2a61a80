import { Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface PaymentReceivedProps {
  organiser: Organiser;
  parentName: string;
  bookingNumber: string;
  amount: string;
  paid: string;
  owed: string;
}

/**
 * The organiser has the parent's payment for a booking that was awaiting it (voucher, Tax-Free
 * Childcare, pay later): the places are now confirmed.
 *
 * @example await render(<PaymentReceived {...props} />)
 */
export function PaymentReceived(props: PaymentReceivedProps) {
  return (
    <Layout organiser={props.organiser} preview={`${props.bookingNumber}: payment received`}>
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {`${props.organiser.name} has received your payment of ${props.amount}. Your booking is confirmed.`}
      </Text>
      <Text style={headingStyle}>{props.bookingNumber}</Text>
      <Text style={textStyle}>{`Paid: ${props.paid}. Still to pay: ${props.owed}.`}</Text>
    </Layout>
  );
}
