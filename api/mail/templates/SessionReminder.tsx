import { Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface SessionReminderProps {
  organiser: Organiser;
  parentName: string;
  activity: string;
  /** 'Tue 04/03/2031, 4.30pm–5.15pm' */
  when: string;
  attendees: string[];
  venue: string | null;
  unsubscribe?: { url: string; label: string };
}

/**
 * The day-before reminder of a booked session: what, when, where, and for which children.
 *
 * @example await render(<SessionReminder {...props} />)
 */
export function SessionReminder(props: SessionReminderProps) {
  return (
    <Layout
      organiser={props.organiser}
      preview={`${props.activity}: ${props.when}`}
      unsubscribe={props.unsubscribe}
    >
      <Text style={textStyle}>{`Hello ${props.parentName},`}</Text>
      <Text style={textStyle}>
        {`A reminder of ${props.activity} with ${props.organiser.name} for ${props.attendees.join(' and ')}.`}
      </Text>
      <Text style={headingStyle}>{props.when}</Text>
      {props.venue ? <Text style={textStyle}>{`At ${props.venue}`}</Text> : null}
    </Layout>
  );
}
