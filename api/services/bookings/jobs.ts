/** Job names of the bookings service (handlers in api/jobs/handlers.ts). */
export const EXPIRE_HOLD_JOB = 'expire-hold';
