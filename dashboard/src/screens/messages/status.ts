import type { BadgeTone } from '../../components/Badge.tsx';
import type { MessageSummaryDto } from './queries.ts';

/** The status as the organiser reads it, and its badge colour. */
export function statusLabel(message: MessageSummaryDto): { text: string; tone: BadgeTone } {
  switch (message.status) {
    case 'sent':
      return { text: 'Sent', tone: 'success' };
    case 'failed':
      return message.nextAttemptAt
        ? { text: 'Failed, will retry', tone: 'warning' }
        : { text: 'Failed', tone: 'danger' };
    case 'skipped':
      return { text: 'Not needed', tone: 'neutral' };
    case 'sending':
      return { text: 'Sending', tone: 'info' };
    default:
      return { text: 'Queued', tone: 'neutral' };
  }
}

/** What each kind of message is called on the screen. */
export const kindLabels: Record<string, string> = {
  'admin-new-booking': 'New booking (to an admin)',
  'admin-cancellation': 'Cancellation (to an admin)',
  'admin-payment-failed': 'Failed payment (to an admin)',
  'admin-daily-digest': 'Daily digest (to an admin)',
  'instalment-due': 'Instalment due',
  'subscription-payment-failed': 'Subscription payment failed',
  'booking-confirmation': 'Booking confirmation',
  'booking-cancelled': 'Cancellation',
  'password-reset': 'Password reset',
  'household-invite': 'Household invitation',
  'sign-in-link': 'Sign-in link',
  'payment-received': 'Payment received',
  'payment-due-reminder': 'Payment reminder',
  'payment-due-released': 'Not paid in time',
  'session-reminder': 'Session reminder',
  'waitlist-joined': 'Joined the waitlist',
  'waitlist-offer': 'Waitlist offer',
  'waitlist-offer-reminder': 'Waitlist offer reminder',
  'waitlist-offer-lapsed': 'Waitlist offer lapsed',
  'trial-follow-up': 'Trial follow-up',
  're-enrolment-offer': 'Re-enrolment offer',
};
