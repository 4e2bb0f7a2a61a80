import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

export interface Organiser {
  name: string;
  /** An absolute https URL on our origin, when the organiser has a logo. */
  logoUrl?: string | null;
}

const page = { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif' };
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  margin: '24px auto',
  maxWidth: '560px',
  padding: '24px',
};
const brand = { fontSize: '20px', fontWeight: 700, margin: '0 0 16px', color: '#1f2937' };
const small = { fontSize: '12px', color: '#6b7280', lineHeight: '18px' };

/**
 * The frame of every message: the organiser's name (and logo), a preview line for inbox lists,
 * and a footer saying who sent it. React escapes every text, so names and notes typed by users
 * can never become markup.
 *
 * @example <Layout organiser={{ name: 'Little Kickers' }} preview="Your booking is confirmed">…</Layout>
 */
export function Layout({
  organiser,
  preview,
  unsubscribe,
  children,
}: {
  organiser: Organiser;
  preview: string;
  /** Only on messages the recipient may stop (reminders): the link and what it stops. */
  unsubscribe?: { url: string; label: string };
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            {organiser.logoUrl ? (
              <Img src={organiser.logoUrl} alt={organiser.name} height="48" />
            ) : null}
            <Text style={brand}>{organiser.name}</Text>
          </Section>
          {children}
          <Hr />
          <Text style={small}>Sent on behalf of {organiser.name} by Classwise.</Text>
          {unsubscribe ? (
            <Text style={small}>
              <Link href={unsubscribe.url}>{unsubscribe.label}</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export const textStyle = { fontSize: '15px', lineHeight: '22px', color: '#1f2937' };
export const headingStyle = { fontSize: '18px', fontWeight: 700, color: '#1f2937' };
