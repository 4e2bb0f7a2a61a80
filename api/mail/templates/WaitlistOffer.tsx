import { Button, Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface WaitlistOfferProps {
  organiser: Organiser;
  parentName: string;
  attendee: string;
  activity: string;
  /** The session, or 'every session' for a whole-course entry. */
  session: string;
  /** When the place is released to the next family, on the organiser's clock. */
  until: string;
  /** The reminder sent before the offer lapses, or the notice that it has. */
  variant?: 'offer' | 'reminder' | 'lapsed';
  /** Our hosted booking page, opened at this offer (sign in, then Accept). */
  offerUrl: string;
}

const button = {
  backgroundColor: '#2563eb',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  padding: '12px 20px',
};

/**
 * A place came free for a child on the waitlist: which activity and session, and until when it
 * is kept for them.
 *
 * @example await render(<WaitlistOffer {...props} />)
 */
export function WaitlistOffer(props: WaitlistOfferProps) {
  return (
    <Layout
      organiser={props.organiser}
      preview={`A place is free for ${props.attendee} until ${props.until}`}
    >
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {props.variant === 'lapsed'
          ? `The place on ${props.activity} for ${props.attendee} was kept for you until ${props.until} and was not booked, so it has gone to the next family waiting.`
          : props.variant === 'reminder'
            ? `A reminder: the place on ${props.activity} for ${props.attendee} is still kept for you, but not for long.`
            : `Good news: a place has come free on ${props.activity} for ${props.attendee}.`}
      </Text>
      <Text style={headingStyle}>{props.session}</Text>
      {props.variant === 'lapsed' ? null : (
        <Text style={textStyle}>
          {`We are keeping it for you until ${props.until}. Book it signed in as you joined the waitlist; after that time it goes to the next family waiting.`}
        </Text>
      )}
      {props.variant === 'lapsed' ? null : (
        <>
          <Button href={props.offerUrl} style={button}>
            See the offer and book
          </Button>
          <Text style={textStyle}>{`Or open this address: ${props.offerUrl}`}</Text>
        </>
      )}
    </Layout>
  );
}
