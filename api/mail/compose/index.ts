import type { MessageKind } from '../outbox.ts';
import { composeBookingConfirmation } from './booking-confirmation.tsx';
import { composePasswordReset } from './password-reset.tsx';
import type { Composer } from './types.ts';

/** The composer of each kind of message. */
export const composers: Record<MessageKind, Composer> = {
  'booking-confirmation': composeBookingConfirmation,
  'password-reset': composePasswordReset,
};
