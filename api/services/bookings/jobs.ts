/** Job names of the bookings service (handlers in api/jobs/handlers.ts). */
export const EXPIRE_HOLD_JOB = 'expire-hold';
/** Releases a booking awaiting an offline payment once the organiser's deadline has passed. */
export const EXPIRE_UNPAID_JOB = 'expire-unpaid';
