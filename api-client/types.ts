/*
 * Wire types the front ends read. Type-only imports from the API are allowed
 * (docs/architecture.md): they vanish at build time, so no server code reaches a bundle.
 */
export type {
  ListingGroupDto as ListingGroup,
  ListingPage,
} from '../api/services/activity-group-listing.ts';
export type { ActivityGroupDto as ActivityGroup } from '../api/services/activity-groups.ts';
export type { AttendeeDto as Attendee } from '../api/services/attendees.ts';
export type {
  BasketBody,
  BookingDto as Booking,
  BookingItemDto as BookingItem,
  BookingPlaceDto as BookingPlace,
  CancelQuoteDto as CancelQuote,
  PaymentOptionsDto as PaymentOptions,
  QuoteDto as Quote,
} from '../api/services/booking-dto.ts';
export type { AdminLineWarnings, AdminQuote } from '../api/services/bookings/admin-create.ts';
export type { ClientSettingsDto as ClientSettings } from '../api/services/client-settings.ts';
export type { FieldDto as Field } from '../api/services/fields.ts';
export type { HomeTabDto as HomeTab } from '../api/services/home-tabs.ts';
export type {
  OverviewDto as Overview,
  OverviewSessionDto as OverviewSession,
} from '../api/services/overview.ts';
export type { UserDto as User } from '../api/services/users.ts';
export type { WaitlistEntryDto as WaitlistEntry } from '../api/services/waitlists.ts';
