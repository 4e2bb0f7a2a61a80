import { Button, Text } from '@react-email/components';
import { Layout, type Organiser, textStyle } from './Layout.tsx';

const button = {
  backgroundColor: '#2563eb',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  padding: '12px 20px',
};

/**
 * An invitation to join a household as a guardian (docs/rules/households.md).
 *
 * @example await render(<HouseholdInvite organiser={{ name }} inviterName="Pat" url={url} validFor="7 days" />)
 */
export function HouseholdInvite(props: {
  organiser: Organiser;
  inviterName: string;
  url: string;
  validFor: string;
}) {
  return (
    <Layout organiser={props.organiser} preview={`${props.inviterName} invited you`}>
      <Text style={textStyle}>Hello,</Text>
      <Text style={textStyle}>
        {`${props.inviterName} invited you to share their family's account with ${props.organiser.name}: you will see and book the same children, and see the family's bookings. The link works once, for ${props.validFor}.`}
      </Text>
      <Button href={props.url} style={button}>
        Accept the invitation
      </Button>
      <Text style={textStyle}>{`Or open this address: ${props.url}`}</Text>
      <Text style={textStyle}>If you do not know {props.inviterName}, ignore this e-mail.</Text>
    </Layout>
  );
}

/**
 * An e-mailed one-time sign-in link (docs/rules/households.md).
 *
 * @example await render(<SignInLink organiser={{ name }} name="Pat" url={url} validFor="15 minutes" />)
 */
export function SignInLink(props: {
  organiser: Organiser;
  name: string;
  url: string;
  validFor: string;
}) {
  return (
    <Layout organiser={props.organiser} preview="Your sign-in link">
      <Text style={textStyle}>{`Hello ${props.name},`}</Text>
      <Text style={textStyle}>
        {`Use this link to sign in to your ${props.organiser.name} account. It works once, for ${props.validFor}.`}
      </Text>
      <Button href={props.url} style={button}>
        Sign in
      </Button>
      <Text style={textStyle}>{`Or open this address: ${props.url}`}</Text>
      <Text style={textStyle}>
        If you did not ask for this, ignore this e-mail: nobody can sign in without the link.
      </Text>
    </Layout>
  );
}
