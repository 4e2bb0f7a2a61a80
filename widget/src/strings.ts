/*
 * Every text the widget shows, in one table (pretix's habit): one place to review wording and,
 * later, to translate. Texts quoted by the spec are word for word and marked (spec); the rest
 * are ours.
 */
export const strings = {
  activities: 'Activities',
  loadingActivities: 'Loading activities…',
  loadingActivity: 'Loading activity…',
  noActivities: 'No activities found', // (docs/rules/screens.md empty state)
  loadFailed: 'Sorry, we could not load the activities.',
  loadGroupFailed: 'Sorry, we could not load this activity.',
  retry: 'Retry',
  loadStepFailed: 'Sorry, we could not load this step.',
  myBookings: 'My bookings',
  myAccount: 'My account',
  book: 'Book',
  bookLabel: (name: string) => `Book ${name}`,
  nextDates: 'Next dates',
  noUpcomingDates: 'No upcoming dates',
  sessions: (count: number) => (count === 1 ? '1 session' : `${count} sessions`),
  // Places left per session, from the server's count (the engine's rule); none when unlimited.
  placesLeft: (n: number) => (n === 1 ? '1 place left' : `${n} places left`),
  full: 'Full',
  // A ticket needing a full session (all sessions, subscription), named before it is picked.
  ticketUnavailable: (session: string, more: number) =>
    `Unavailable: no places left on ${session}${more > 0 ? ` and ${more} other session${more === 1 ? '' : 's'}` : ''}.`,
  prices: 'Prices',
  proRataLegend: '*Price calculated on a pro rata basis.', // (docs/rules/screens.md)
  perSession: 'per session',
  perMonth: 'per month',
  remainingSessions: (n: number) => `for the ${n} remaining session${n === 1 ? '' : 's'}`,
  noTickets: 'No tickets are available for this activity.', // (docs/rules/screens.md empty state)
  schoolYear: 'School year',
  allYears: 'All years',
  showMore: 'Show more activities',
  loadingMore: 'Loading more activities…',
  moreFailed: 'Sorry, we could not load more activities.',
  noActivitiesForYear: 'No activities for this school year. Choose another year to see more.',
} as const;
