import type { MessageKind } from '../outbox.ts';
import { composeBookingCancelled } from './booking-cancelled.tsx';
import { composeBookingConfirmation } from './booking-confirmation.tsx';
import { composePasswordReset } from './password-reset.tsx';
import { composePaymentDue } from './payment-due.tsx';
import { composePaymentReceived } from './payment-received.tsx';
import { composeSessionReminder } from './session-reminder.tsx';
import type { Composer } from './types.ts';
import { composeWaitlistOffer } from './waitlist-offer.tsx';

/** The composer of each kind of message. */
export const composers: Record<MessageKind, Composer> = {
  'booking-confirmation': composeBookingConfirmation,
  'booking-cancelled': composeBookingCancelled,
  'password-reset': composePasswordReset,
  'payment-received': composePaymentReceived,
  'payment-due-reminder': composePaymentDue,
  'payment-due-released': composePaymentDue,
  'session-reminder': composeSessionReminder,
  'waitlist-offer': composeWaitlistOffer,
  'waitlist-offer-reminder': composeWaitlistOffer,
  'waitlist-offer-lapsed': composeWaitlistOffer,
};
