import { Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface PaymentDueProps {
  organiser: Organiser;
  parentName: string;
  bookingNumber: string;
  /** 'reminder': the deadline is near; 'released': it passed and the places went. */
  stage: 'reminder' | 'released';
  /** The deadline on the organiser's clock: 'Tue 01/07/2031 at 9am'. */
  payBy: string;
  owed: string;
  /** How to pay: the voucher provider's instructions or the method's own text. */
  howToPay: string | null;
  /** 'Summer Camp: Ada Lovelace', one per child and activity. */
  lines: string[];
}

/**
 * A booking awaiting an offline payment (voucher, Tax-Free Childcare, pay later): the reminder
 * before its deadline, or the notice that it was not paid in time and its places were released.
 *
 * @example await render(<PaymentDue stage="reminder" {...props} />)
 */
export function PaymentDue(props: PaymentDueProps) {
  const reminder = props.stage === 'reminder';
  return (
    <Layout
      organiser={props.organiser}
      preview={
        reminder
          ? `${props.bookingNumber}: please pay by ${props.payBy}`
          : `${props.bookingNumber}: not paid in time`
      }
    >
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {reminder
          ? `${props.organiser.name} has not yet received the payment of ${props.owed} for your booking. Please pay by ${props.payBy}: unpaid by then, its places are released.`
          : `${props.organiser.name} did not receive the payment of ${props.owed} for your booking by ${props.payBy}, so its places have been released. Please book again if you still want them.`}
      </Text>
      <Text style={headingStyle}>{props.bookingNumber}</Text>
      {props.lines.map((line) => (
        <Text key={line} style={textStyle}>
          {line}
        </Text>
      ))}
      {reminder && props.howToPay ? (
        <Text style={textStyle}>{`How to pay: ${props.howToPay}`}</Text>
      ) : null}
    </Layout>
  );
}
