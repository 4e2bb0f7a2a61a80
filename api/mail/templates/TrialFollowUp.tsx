import { Button, Text } from '@react-email/components';
import { Layout, type Organiser, textStyle } from './Layout.tsx';

export interface TrialFollowUpProps {
  organiser: Organiser;
  parentName: string;
  attendee: string;
  activity: string;
  /** Each way to carry on, as a sentence with its price (the rest of the term, a membership). */
  options: string[];
  /** Our hosted booking page, opened at this offer (sign in, then one Book button). */
  offerUrl: string;
  /** The parent's link to stop offers after a trial from this organiser. */
  unsubscribe?: { url: string; label: string };
}

const button = {
  backgroundColor: '#2563eb',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  padding: '12px 20px',
};

/**
 * After a trial session: the rest of the term at today's price (or the membership), with a link
 * that books it for the child in one step (docs/rules/trials.md).
 *
 * @example await render(<TrialFollowUp {...props} />)
 */
export function TrialFollowUp(props: TrialFollowUpProps) {
  return (
    <Layout
      organiser={props.organiser}
      unsubscribe={props.unsubscribe}
      preview={`Carry on with ${props.activity} for ${props.attendee}`}
    >
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {`We hope ${props.attendee} enjoyed the trial session of ${props.activity}. If they would like to carry on, you can book the rest of the term now:`}
      </Text>
      {props.options.map((o) => (
        <Text key={o} style={textStyle}>
          {o}
        </Text>
      ))}
      <Button href={props.offerUrl} style={button}>
        Book the rest of the term
      </Button>
      <Text style={textStyle}>{`Or open this address: ${props.offerUrl}`}</Text>
    </Layout>
  );
}
