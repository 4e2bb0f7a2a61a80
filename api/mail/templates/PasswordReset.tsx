import { Button, Text } from '@react-email/components';
import { Layout, type Organiser, textStyle } from './Layout.tsx';

export interface PasswordResetProps {
  organiser: Organiser;
  name: string;
  /** The single-use link on our origin. */
  resetUrl: string;
  /** How long the link works, as people say it ('1 hour'). */
  validFor: string;
}

const button = {
  backgroundColor: '#2563eb',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  padding: '12px 20px',
};

/**
 * The e-mailed password reset link. It says what to do if the parent did not ask, because
 * anyone can type an address into the form.
 *
 * @example await render(<PasswordReset organiser={{ name }} name="Pat" resetUrl={url} validFor="1 hour" />)
 */
export function PasswordReset(props: PasswordResetProps) {
  return (
    <Layout organiser={props.organiser} preview="Reset your password">
      <Text style={textStyle}>{`Hello ${props.name},`}</Text>
      <Text style={textStyle}>
        {`Someone asked to reset the password of your ${props.organiser.name} account. Choose a new password with this link; it works once, for ${props.validFor}.`}
      </Text>
      <Button href={props.resetUrl} style={button}>
        Choose a new password
      </Button>
      <Text style={textStyle}>{`Or open this address: ${props.resetUrl}`}</Text>
      <Text style={textStyle}>
        If you did not ask for this, ignore this e-mail: your password stays as it is.
      </Text>
    </Layout>
  );
}
