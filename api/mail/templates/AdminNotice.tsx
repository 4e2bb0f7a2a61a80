import { Button, Section, Text } from '@react-email/components';
import { headingStyle, Layout, type Organiser, textStyle } from './Layout.tsx';

export interface AdminNoticeProps {
  organiser: Organiser;
  adminName: string;
  /** What happened, in one sentence. */
  intro: string;
  heading: string;
  /** The places, sessions or payment concerned, one per line. */
  lines: string[];
  /** 'Total: £24.00', 'Parent: Pat (pat@example.com)', … */
  facts: string[];
  /** The booking in the dashboard, on our origin. */
  link: { url: string; label: string } | null;
  /** Only on the digest: the link to stop it. */
  unsubscribe?: { url: string; label: string };
}

const line = { ...textStyle, margin: '0' };
const button = {
  backgroundColor: '#2563eb',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  padding: '12px 20px',
};

/**
 * An e-mail to an organiser's admin about their organisation (a new booking, a cancellation, a
 * failed payment, the daily digest), for admins who chose it under Settings › My notifications.
 *
 * @example await render(<AdminNotice {...props} />)
 */
export function AdminNotice(props: AdminNoticeProps) {
  return (
    <Layout organiser={props.organiser} preview={props.intro} unsubscribe={props.unsubscribe}>
      <Text style={textStyle}>{`Hello ${props.adminName},`}</Text>
      <Text style={textStyle}>{props.intro}</Text>
      <Text style={headingStyle}>{props.heading}</Text>
      <Section style={{ margin: '0 0 12px' }}>
        {props.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once
          <Text key={i} style={line}>
            {`• ${l}`}
          </Text>
        ))}
      </Section>
      {props.facts.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once
        <Text key={i} style={line}>
          {f}
        </Text>
      ))}
      {props.link ? (
        <>
          <Text style={textStyle}> </Text>
          <Button href={props.link.url} style={button}>
            {props.link.label}
          </Button>
        </>
      ) : null}
      <Text style={{ ...textStyle, fontSize: '12px', color: '#6b7280' }}>
        You get this because you chose it under Settings › My notifications in the dashboard.
      </Text>
    </Layout>
  );
}
