import { Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface PaymentNoticeProps {
  organiser: Organiser;
  parentName: string;
  bookingNumber: string;
  /** What happened or is about to, one sentence each. */
  paragraphs: string[];
}

/**
 * A parent's notice about a recurring payment: a subscription payment that failed, or a
 * payment-schedule instalment about to be taken from their card.
 *
 * @example await render(<PaymentNotice {...props} />)
 */
export function PaymentNotice(props: PaymentNoticeProps) {
  return (
    <Layout organiser={props.organiser} preview={props.paragraphs[0] ?? props.bookingNumber}>
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={headingStyle}>{props.bookingNumber}</Text>
      {props.paragraphs.map((p) => (
        <Text key={p} style={textStyle}>
          {p}
        </Text>
      ))}
    </Layout>
  );
}
