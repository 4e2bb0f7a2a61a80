import type { MessageKind } from '../outbox.ts';
import { composeAdminNotice } from './admin-notice.tsx';
import { composeBookingCancelled } from './booking-cancelled.tsx';
import { composeBookingConfirmation } from './booking-confirmation.tsx';
import { composeDailyDigest } from './daily-digest.tsx';
import { composeHouseholdInvite, composeSignInLink } from './household-mail.tsx';
import { composePasswordReset } from './password-reset.tsx';
import { composePaymentDue } from './payment-due.tsx';
import { composePaymentNotice } from './payment-notice.tsx';
import { composePaymentReceived } from './payment-received.tsx';
import { composeReEnrolmentOffer } from './re-enrolment-offer.tsx';
import { composeSessionReminder } from './session-reminder.tsx';
import { composeTrialFollowUp } from './trial-follow-up.tsx';
import type { Composer } from './types.ts';
import { composeWaitlistJoined } from './waitlist-joined.tsx';
import { composeWaitlistOffer } from './waitlist-offer.tsx';

/** The composer of each kind of message. */
export const composers: Record<MessageKind, Composer> = {
  'admin-new-booking': composeAdminNotice,
  'admin-cancellation': composeAdminNotice,
  'admin-payment-failed': composeAdminNotice,
  'admin-daily-digest': composeDailyDigest,
  'booking-confirmation': composeBookingConfirmation,
  'instalment-due': composePaymentNotice,
  'subscription-payment-failed': composePaymentNotice,
  'booking-cancelled': composeBookingCancelled,
  'password-reset': composePasswordReset,
  'household-invite': composeHouseholdInvite,
  'sign-in-link': composeSignInLink,
  'payment-received': composePaymentReceived,
  'payment-due-reminder': composePaymentDue,
  'payment-due-released': composePaymentDue,
  'session-reminder': composeSessionReminder,
  'trial-follow-up': composeTrialFollowUp,
  'waitlist-joined': composeWaitlistJoined,
  'waitlist-offer': composeWaitlistOffer,
  'waitlist-offer-reminder': composeWaitlistOffer,
  'waitlist-offer-lapsed': composeWaitlistOffer,
  're-enrolment-offer': composeReEnrolmentOffer,
};
