/*
 * The texts of the later steps (sign-in, attendees, tickets, basket, checkout, my bookings,
 * waitlist). A second table beside strings.ts, because strings.ts ships in the initial bundle
 * and these only load with the steps that show them. Spec texts come from engine/messages.ts.
 */
import { bookingReference } from '../../../engine/display.ts';
import { strings } from '../strings.ts';

export const text = {
  // The group page (moved from strings.ts: the listing's first paint does not show them)
  groupNotFound: 'This activity is no longer available.',
  bookNow: 'Book now',
  joinWaitlist: 'Join waitlist',
  backToList: 'All activities',
  singleInstead: (ticket: string) => `Other sessions can still be booked with ${ticket}.`,
  waitlistInstead: 'Join the waitlist to be offered a place if one comes up.',
  places: 'Places',
  venue: 'Venue',
  // Section headers and table columns follow the admin tables (docs/rules/screens.md) for the same
  // data.
  sessionsHeading: 'Sessions',
  ticketsHeading: 'Tickets',
  addOnsHeading: 'Add-ons',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  type: 'Type',
  price: 'Price',
  ticketType: {
    all: 'All sessions',
    single: 'Single session',
    subscription: 'Monthly subscription',
  },
  onlyOn: (dates: string) => `Only on ${dates}`,
  subscriptionNote: 'Subscriptions are collected on the 1st of each month.',
  // Account
  signInHeading: 'Sign in to book',
  signIn: 'Sign in',
  register: 'Create an account',
  registerHeading: 'Create an account',
  haveAccount: 'Already have an account?',
  newHere: 'New here?',
  forgotPassword: 'Forgot password?',
  forgotHeading: 'Reset your password',
  sendResetLink: 'E-mail me a link',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  fullName: 'Your full name',
  agreeTerms: 'I agree to the terms and conditions',
  agreePrivacy: 'I agree to the privacy policy',
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: 'Sign out',
  checkingSession: 'Checking your sign-in…',
  sessionEnded: 'Your session has ended. Please sign in again.',

  // Steps
  bookingSteps: (name: string) => `Booking ${name}: steps`,
  stepNames: { attendees: 'Attendees', tickets: 'Tickets', basket: 'Basket', payment: 'Payment' },
  stepAttendees: 'Who is attending?',
  stepTickets: 'Choose tickets',
  stepBasket: 'Your basket',
  stepPayment: 'Payment',
  continue: 'Continue',
  back: 'Back',
  backToActivity: 'Back to the activity',
  chooseAttendee: 'Please choose at least one attendee.',
  createAttendee: 'Create attendee', // (docs/rules/screens.md)
  save: 'Save',
  cancel: 'Cancel',
  saving: 'Saving…',
  uploading: 'Uploading…',
  removeFile: (name: string) => `Remove ${name}`,
  age: (years: number) => `Age ${years}`,
  loading: 'Loading…',

  // Tickets
  ticketFor: (name: string) => `Ticket for ${name}`,
  sessionsFor: (name: string) => `Sessions for ${name}`,
  addOnsFor: (name: string) => `Add-ons for ${name}`,
  placesLeft: strings.placesLeft,
  full: strings.full,
  alreadyBooked: 'Already booked',
  allUpcoming: (n: number) => (n === 1 ? 'Includes 1 session' : `Includes ${n} upcoming sessions`),
  chooseTicket: 'Please choose a ticket for each attendee.',
  chooseSessions: 'Please choose at least one session.',

  // Basket
  subtotal: 'Subtotal',
  discounts: 'Discounts',
  credit: 'Account credit',
  total: 'Total',
  dueNow: 'To pay now',
  discountCode: 'Discount code',
  apply: 'Apply',
  remove: 'Remove',
  codeApplied: (code: string) => `Code ${code} applied.`,
  creditOption: (amount: string) => `Use my account credit (${amount} available)`,
  usePassCredits: 'Use my session pass credits',
  passCreditsLeft: (n: number) => `(${n} ${n === 1 ? 'credit' : 'credits'} left)`,
  passPot: (name: string, n: number) => `${name}: ${n} left`,
  checkingPrices: 'Checking prices…',
  pricesUpdated: 'Prices checked with the organiser.',
  pricesFailed: 'We could not check the prices right now; the total is confirmed at checkout.',
  toPayment: 'Continue to payment',
  monthly: (amount: string) => `Then ${amount} per month, collected on the 1st.`,
  // (ours) A sibling discount on a membership's monthly price (docs/rules/family.md).
  monthlyDiscount: (rule: string, amount: string) => `${rule}: ${amount} off each month.`,

  // Checkout
  paymentMethod: 'How would you like to pay?',
  voucher: (name: string) => `Childcare voucher: ${name}`,
  payLater: 'Pay later',
  card: 'Card',
  nothingToPay: 'Nothing to pay: your booking is covered.',
  choosePayment: 'Please choose how you would like to pay.',
  placeBooking: 'Place booking',
  placing: 'Placing your booking…',
  cardMount: 'Card payment',
  payNow: 'Pay now',
  paymentConfirming: 'Payment received. Confirming your booking…',
  paymentConfirmLater:
    'We have your payment. Your booking will show as confirmed under My bookings in a moment.',
  paymentFailed: 'The payment did not go through. Please try again.',
  holdCountdown: (time: string) => `Your places are held for ${time}.`,
  holdExpired: 'Your hold has expired and the places were released. Please book again.',
  placeGone: 'Please choose again.',
  // The session that went is unticked; its waitlist is the way to still get a place (issue 11).
  placeGoneUnticked: 'We have unticked it in your basket.',
  joinWaitlistInstead: 'Join the waitlist for it',
  holdingPlaces: 'Holding your places…',
  backToBasket: 'Back to basket',
  payBy: (date: string) => `Please pay by ${date}; unpaid by then, the places are released.`,
  unpaidReleased: (date: string) => `Not paid by ${date}: the places were released.`,

  // Confirmation
  confirmed: 'Booking confirmed',
  received: 'Booking received',
  awaitingPayment: 'Your places are booked; the organiser confirms once your payment arrives.',
  // The short number the organiser's Bookings screen shows and searches, and voucher payments quote.
  bookingNumber: (id: string) => `Booking number ${bookingReference(id)}`,
  paymentInstructions: 'Payment instructions',
  viewMyBookings: 'View my bookings',
  bookAnother: 'Book another activity',

  // My bookings
  myBookings: 'My bookings',
  noBookings: 'You have no upcoming bookings.',
  status: {
    held: 'Held',
    awaiting_payment: 'Awaiting payment',
    confirmed: 'Confirmed',
    cancelled: 'Cancelled',
    expired: 'Expired',
  } as Record<string, string>,
  cancelSession: 'Cancel',
  cancelLabel: (what: string) => `Cancel ${what}`,
  refund: 'Refund',
  refundMethod: 'Refund as',
  refundMethods: { accountCredit: 'Account credit', stripe: 'Refund to card' } as Record<
    string,
    string
  >,
  creditExpires: (date: string) => `expires ${date}`,
  confirmCancel: 'Confirm cancellation',
  keep: 'Keep this session',
  cancelled: (amount: string) => `Cancelled. Refund: ${amount}.`,
  cancelledNoRefund: 'Cancelled.',
  cannotCancel: 'This session cannot be cancelled online. Please contact the organiser.',
  pastOrCancelled: 'Earlier and cancelled bookings',
  // Money and plans per booking (issue 11)
  bookingMoney: (what: string) => `Payments: ${what}`,
  paid: 'Paid',
  refunded: 'Refunded',
  stillOwed: 'Still owed',
  owedLater: (amount: string) => `${amount} of it by the payment schedule`,
  howToPay: 'How to pay',
  refundLine: (amount: string, method: string) => `${amount} to ${method.toLowerCase()}`,
  refundWorking: (percentage: number, fee: string) =>
    fee === ''
      ? `${percentage}% of what was paid`
      : `${percentage}% of what was paid, less ${fee} per item`,
  refundStatus: { pending: 'on its way', succeeded: '', failed: 'failed' } as Record<
    string,
    string
  >,
  changed: (when: string) => `Cancelled on ${when}`,
  totalChanged: (before: string, after: string) => `Total ${before} → ${after}`,
  owedChanged: (before: string, after: string) => `Owed ${before} → ${after}`,
  noRefundGiven: 'No refund',
  plan: 'Payment plan',
  perMonth: (amount: string) => `${amount} per month`,
  nextAmount: (amount: string) => `${amount} next`,
  cancelMembership: 'Cancel membership',
  keepMembership: 'Keep membership',
  membershipAll: 'Cancelling ends the monthly payments and every session still to come.',
  membershipEnded: 'Membership cancelled: no more monthly payments.',

  // Waitlist
  waitlistHeading: (name: string) => `Join the waitlist: ${name}`,
  attendee: 'Attendee',
  waitlistSessions: 'Sessions',
  waitlistAll: 'The waitlist covers every session of this activity.',
  // (ours) Brothers and sisters joining a waitlist together (docs/rules/family.md).
  waitlistSiblings: 'Brothers and sisters joining too',
  waitlistSiblingsHint: 'Children who join together are offered places together.',
  joining: 'Joining…',
  joined: 'You have joined the waitlist. The organiser will be in touch when a place frees up.',
  chooseWaitlistSession: 'Please choose at least one session.',
  waitlistUnavailable: 'The waitlist is not available for this activity.',
  // Waitlist offers (My bookings)
  placeKept: (attendee: string, time: string) => `A place is kept for ${attendee} until ${time}`,
  bookOffer: 'Book',
  bookOfferLabel: (what: string) => `Book ${what}`,
  myWaitlists: 'Waitlists',
  onWaitlist: (attendee: string) => `${attendee} is on the waitlist`,
  allSessions: 'All sessions',
  // Starts with the button's visible word, so speech users can say what they see (WCAG 2.5.3).
  cancelWaitlistLabel: (what: string) => `Cancel waitlist place: ${what}`,
  leftWaitlist: 'You have left the waitlist.',
  keptForYou: 'Kept for you',
  offerHeading: 'Your waitlist offer',
  offerGone:
    'This offer is no longer open: it was booked, cancelled or has run out. My bookings shows your waitlists.',
} as const;
