import { Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface WaitlistJoinedProps {
  organiser: Organiser;
  parentName: string;
  attendee: string;
  activity: string;
  /** Each session waited for, or 'Every session of the course' for a whole-course entry. */
  sessions: string[];
}

/**
 * The parent's record that a child is waiting for a place: what they wait for, and what happens
 * when a place comes free, so nobody wonders whether the form worked.
 *
 * @example await render(<WaitlistJoined {...props} />)
 */
export function WaitlistJoined(props: WaitlistJoinedProps) {
  return (
    <Layout
      organiser={props.organiser}
      preview={`${props.attendee} is on the waitlist for ${props.activity}`}
    >
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {`${props.attendee} is on the waitlist for ${props.activity}. You have not booked or paid anything yet.`}
      </Text>
      {props.sessions.map((session) => (
        <Text key={session} style={headingStyle}>
          {session}
        </Text>
      ))}
      <Text style={textStyle}>
        When a place comes free we keep it for you for a while and e-mail you at once, with a link
        to book it. Families are offered places in the order they joined. You can leave the waitlist
        at any time from My bookings.
      </Text>
    </Layout>
  );
}
