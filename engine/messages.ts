/*
 * Every user-facing message of the spec, once. Schemas, rules, the API and both front ends
 * import from here, so a message shown in a form is the same one the server answers with.
 * Texts the product has always used are kept word for word (docs/rules/forms-and-messages.md);
 * where a message had no fixed wording, the text here is our choice and is marked "(ours)".
 */

/**
 * '{base}: {reason}' when the server gave a reason, else the bare text
 * (docs/rules/forms-and-messages.md).
 */
const failure =
  (base: string, bare: string = `${base}.`) =>
  (reason?: string | null) =>
    reason ? `${base}: ${reason}` : bare;

export const messages = {
  // General (docs/rules/forms-and-messages.md)
  required: 'Required',
  invalidEmail: 'Not a valid email address',
  invalidPhone: 'Not a valid phone number',
  invalidZip: 'Please enter a valid ZIP code',
  invalidAuPostcode: 'Please enter a valid Postal code',
  requiredAttendeeField: 'Please complete this required field',
  invalidInput:
    'Sorry, there was a problem submitting the form. Please check all required fields are completed.',
  noUserSet: 'No user set',
  invalidDate: 'Please enter a valid date', // (ours)
  invalidTime: 'Please enter a valid time', // (ours)
  invalidNumber: 'Please enter a number', // (ours)
  wholeNumber: 'Please enter a whole number', // (ours)
  tooLong: (max: number) => `Please use at most ${max.toLocaleString('en-GB')} characters.`, // (ours)
  invalidCharacter: 'This text contains a character that cannot be saved.', // (ours)
  numberTooLarge: (max: number) =>
    `Please enter a number no greater than ${max.toLocaleString('en-GB')}.`, // (ours)
  amountTooLarge: (maxMajor: number) =>
    `Amount cannot be greater than ${maxMajor.toLocaleString('en-GB')}.`, // (ours)
  percentageWhole: 'Percentage must be a whole number.', // (ours)
  listTooLong: (max: number) => `Please choose at most ${max.toLocaleString('en-GB')} items.`, // (ours)
  periodTooLong: 'Please choose a period of at most 100 years.', // (ours)
  unknownOption: 'Please choose one of the options', // (ours)
  chooseCountry: 'Please choose a country.', // (ours)
  chooseCurrency: 'Please choose a currency.', // (ours)
  chooseTimeZone: 'Please choose a time zone.', // (ours)
  organisationNameTooLong: 'Organisation name must be at most 100 characters.', // (ours)
  currencyLocked:
    'The currency cannot be changed once you have created an activity: every price is stored in it.', // (ours)
  holdMinutesRange: 'Enter a whole number of minutes from 5 to 60.', // (ours)
  unpaidReleaseDaysRange: 'Enter a whole number of days from 1 to 60.', // (ours)

  // Auth
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email address already exists. Please sign in instead.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  notFound: 'Not found',
  unauthorised: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  unknownField: (name: string) => `Unknown field: ${name}`,

  // Ticket (docs/rules/forms-and-messages.md)
  priceNegative: 'Price cannot be negative',
  priceRequired: 'Price is required',
  ticketLimitMin: 'If specifying a ticket limit it must be at least 1',
  ticketRestrictSessions:
    'If restricting the sessions the ticket can be used for, at least one should be selected.',
  subscriptionPlanRequired:
    'If creating a subscription ticket, a subscription plan must be selected.',
  subscriptionPlanUsed:
    'This subscription plan has already been used by another ticket. Please select another one.',
  feeNegative: 'Fee cannot be negative',
  fieldOptionsRequired: 'Please add at least one option.', // (ours)
  fieldHasData:
    'Sorry, this field cannot be deleted as there are already data for it. Please disable it instead.', // (ours)
  fieldIsBuiltIn:
    'This field is needed for bookings and cannot be deleted. You can rename it instead.', // (ours)
  fieldTypeLocked: 'The type of a field cannot be changed once data has been saved for it.', // (ours)
  codeTaken: 'This code is already used by another discount.', // (ours)
  discountRuleUsed:
    'Sorry, this discount cannot be deleted as it has already been used. Please disable it instead.', // (ours)
  venueInUse:
    'Sorry, this venue cannot be deleted as it is used by an activity or a home page tab. Please update those first.', // (ours)
  ageRangeOrder: 'The minimum age cannot be above the maximum age.', // (ours)
  unknownSession: 'Please choose sessions of this activity.', // (ours)
  ticketTypeLocked: 'The ticket type cannot be changed once the ticket has been saved.', // (ours)
  subscriptionPlanLocked: 'The subscription plan cannot be changed on a saved ticket.', // (ours)
  proRataLegend: '*Price calculated on a pro rata basis.',
  noTicketsAvailable: 'No tickets are available for this activity.',
  notEnabledForAnySessions: 'Not enabled for any sessions.',

  // Add-on
  addOnRestrictSessions:
    'If restricting the sessions the add-on can be used for, at least one should be selected.', // (ours)

  // Session
  placeLimitMin: 'If specifying a place limit it must be at least 1',
  repeatDaysRequired: 'Please select at least one day to repeat on.', // (ours)
  endDateBeforeStart: 'The end date cannot be before the start date.', // (ours)
  endTimeBeforeStart: 'The end time must be after the start time.', // (ours)
  changesAppliedOnSave: 'Changes will be applied on save.',

  // Amounts and percentages (cancellation and discount rules, docs/rules/forms-and-messages.md)
  amountMin1: 'Amount cannot be less than 1.',
  amountMin0: 'Amount cannot be less than 0.',
  amountMin1OrBlank: 'Amount cannot be less than 1, however it can be left blank.',
  percentageMin: 'Percentage cannot be less than 0.',
  percentageMax: 'Percentage cannot be greater than 100.',

  // Childcare (docs/rules/forms-and-messages.md)
  voucherProviderName: 'Please supply a name for the Childcare Voucher Provider.',
  nameRequired: 'Name is required',
  nameExists: 'Name already exists',
  nameTooLong: 'Name must be less than 50 characters',
  regReferenceRequired: 'Registration reference is required',
  regReferenceExists: 'Registration reference already exists',
  postcodeRequired: 'Postcode is required',

  // Booking wizard (docs/rules/forms-and-messages.md)
  selectActivity: 'Please select an activity',
  selectTicket: 'Please select at least one ticket',

  // Discount rules (docs/rules/forms-and-messages.md)
  codeCharacters: 'Code can only contain letters and numbers.',
  atLeastOneCondition: 'At least one condition should be added.',
  anotherPassApplied: 'Another pass already applied',
  creditsMin1: 'Credits cannot be less than 1.', // (ours)
  expiryInPast: 'The expiry must be in the future.', // (ours)
  sessionPassHasCredits:
    'Sorry, this session pass cannot be deleted as credits have already been issued for it. Please disable it instead.', // (ours)
  anotherRuleApplied: 'Another rule already applied',
  minimumSessions: 'Minimum sessions must be at least 2.',
  minimumActivities: 'Minimum activities must be at least 2.',
  duplicateCondition: (minimum: number, what: 'sessions' | 'activities') =>
    `A condition has already been created for a minimum of ${minimum} ${what}.`,
  conditionUnitLocked: 'The unit must match the unit of the other conditions.', // (ours)
  lockedOnceUsed: 'This cannot be changed once the rule has been used.', // (ours)
  selectActivities: 'Please select at least one activity.', // (ours)
  codeInvalid: 'This code is not valid.', // (ours)
  codeNotYetValid: 'This code cannot be used yet.', // (ours)
  codeExpired: 'This code has expired.', // (ours)
  codeUsedUp: 'This code has reached its redemption limit.', // (ours)
  codeUserLimit: 'You have already used this code the maximum number of times.', // (ours)
  codeFirstBookingOnly: 'This code can only be used on your first booking.', // (ours)
  codeNotForTheseActivities: 'This code cannot be used for the activities in your basket.', // (ours)
  codeMinimumTotal: (amount: string) => `Spend at least ${amount} to use this code.`, // (ours)

  // Home tab (docs/rules/forms-and-messages.md)
  pathInvalid: 'Path is invalid',
  pathUsed: 'Path has already been used for another tab.',
  atLeastOneOption: 'At least one option should be selected.',

  // Field option (docs/rules/forms-and-messages.md)
  fieldOptionName: 'Please supply a name for the Field Option.',
  fieldOptionDisableUsedByTab:
    'Sorry, this Field option cannot be disabled as it is used for a Home page tab. Please update or delete the tab first.',
  fieldOptionDeleteUsedByTab:
    'Sorry, this Field option cannot be deleted as it is used for a Home page tab. Please update or delete the tab first.',
  fieldOptionHasData:
    'Sorry, this Field option cannot be deleted as there are already data for it. Please disable it instead.',

  // Deletion and other business rules (docs/rules/forms-and-messages.md)
  sessionHasBookings:
    'Sorry, this session cannot be deleted as there has already been bookings for it. Please disable it instead.',
  ticketHasBookings:
    'Sorry, this ticket cannot be deleted as there have already been bookings using it. Please disable it instead.',
  addOnHasBookings:
    'Sorry, this add on cannot be deleted as there has already been bookings for it. Please disable it instead.',
  activityGroupHasBookings:
    'Sorry, this activity cannot be deleted as it has already been booked or has waitlist entries. Please archive it instead.',
  voucherProviderUsed:
    "Sorry, this Childcare Voucher Provider cannot be deleted as there's already been a payment transaction using it. Please disable it instead.",
  selectSubscriptionPlan: 'Select subscription plan for ticket',
  connectedAccountUsedBySubscriptions:
    'This connected account is being used for subscriptions so it cannot be disconnected. Please delete any Subscription plans and cancel all User subscriptions first.',

  // Refunds (docs/rules/forms-and-messages.md)
  noRefund: 'No refund',
  cancelWithoutRefund: 'Cancel without refund',
  cardRefundUnavailable:
    'Refunds to card are not available because the card payment provider is not enabled.', // (ours)
  accountCreditPremiumOnly: 'Account credit is only available on the Premium plan.', // (ours)
  cannotCancelOnline:
    'This booking cannot be cancelled online. Please contact the organiser to cancel.', // (ours)

  // Waitlist and admin booking warnings (docs/rules/forms-and-messages.md)
  ageRangeNotice: 'Please note that the attendee is outside of the age range for this activity.',
  ageRangeBlocked:
    'Sorry the attendee is outside the age range for this activity and cannot be added to the waitlist.',
  alreadyOnWaitlist: 'This attendee has already joined the waitlist for this activity.',
  userHasNoAttendees: 'This user has no attendees.',
  noSessionsToJoin: 'No sessions available to join.',
  joinedEveryWaitlist: 'The attendee has already joined every waitlist for this activity.',
  badgeJoinedWaitlist: 'Joined waitlist',
  selectWaitlistSession: 'Please select at least one session.', // (ours)
  familyWaitlistNeedsTwo: 'Please choose at least two children to join together.', // (ours)
  badgeAlreadyBooked: 'Already booked',
  badgeFull: 'Full', // (ours)
  badgePlacesLeft: (n: number | null) =>
    n === null ? 'Places available' : n === 1 ? '1 place left' : `${n} places left`, // (ours)
  waitlistOnlyFull:
    'Only full sessions have a waitlist. Sessions with places left can be booked now.', // (ours)
  waitlistSessionHasPlaces: (session: string) =>
    `${session} still has places left, so it has no waitlist. Please book it instead.`, // (ours)
  waitlistTransitionNotAllowed: (from: string, to: string) =>
    `A waitlist entry cannot move from ${from} to ${to}.`, // (ours)
  offerHoursRange: 'An offer must last between 1 and 168 hours.', // (ours)
  warnTicketLimitReached: 'The ticket limit has been reached for this session.', // (ours)
  warnPlaceLimitReached: 'The place limit has been reached for this session.', // (ours)
  warnWaitlistFillsPlaces:
    'The remaining places for this session are being held for people on the waitlist.', // (ours)
  warnMissingRequiredInfo: 'The attendee is missing required information.', // (ours)
  warnAlreadyBookedWithTicket: 'The attendee has already been booked with this ticket.', // (ours)
  sessionFull: 'Sorry, there are no places left for this session.', // (ours)
  /** sessionFull naming the session(s) that went (engine `fullSessionsMessage`). */
  sessionFullNamed: (labels: readonly string[]) =>
    labels.length > 1
      ? `Sorry, there are no places left for these sessions: ${labels.join('; ')}.`
      : `Sorry, there are no places left for this session: ${labels[0] ?? ''}.`, // (ours)
  holdExpired: 'Your hold has expired and the places were released. Please book again.', // (ours)
  bookingAlreadyPlaced: 'This booking has already been placed.', // (ours)
  badgeOverCapacity: 'Over capacity', // (ours)
  confirmOverCapacity: 'Book beyond the limit', // (ours)
  overCapacityNotConfirmed: (session: string) =>
    `Booking this would put ${session} over its limit. Please confirm to book beyond it.`, // (ours)
  placeLimitBelowSold: (sold: number) =>
    `${sold} ${sold === 1 ? 'place has' : 'places have'} already been sold for this session, so its place limit cannot be less than ${sold}.`, // (ours)
  publishNeedsSession:
    'A published activity needs at least one enabled session. Add or enable a session, or untick Published in Settings to keep it as a draft.', // (ours)
  publishNeedsTicket:
    'A published activity needs at least one enabled ticket. Add or enable a ticket, or untick Published in Settings to keep it as a draft.', // (ours)
  sessionUnavailable: 'This session is no longer available.', // (ours)

  // Bookings (ours: the spec names no texts for these)
  attendeeRequired: 'Please choose who is attending.', // (ours)
  notYourAttendee: 'Please choose one of your own attendees.', // (ours)
  activityUnavailable: 'This activity is not available for booking.', // (ours)
  paymentMethodRequired: 'Please choose how you would like to pay.', // (ours)
  payLaterNotAllowed: 'Paying later is not available for this booking.', // (ours)
  voucherProviderUnavailable: "Please choose one of the organiser's childcare voucher providers.", // (ours)
  cardPaymentsUnavailable: 'Card payments are not available for this organiser yet.', // (ours)
  scheduleNeedsCard: 'Paying in instalments needs a card: the later payments are taken from it.', // (ours)
  cardRefundsUnavailableYet: 'Card refunds are not available yet', // (ours)
  bookingNotAwaitingPayment: 'Only a booking awaiting payment can be marked as paid.', // (ours)
  selectPlacesToCancel: 'Please choose at least one place to cancel.', // (ours)
  placeNotCancellable: 'This place is not booked, so it cannot be cancelled.', // (ours)
  chooseRefundMethod: 'Please choose one of the refund methods offered.', // (ours)
  alreadyBookedOnSession: 'This attendee is already booked on this session.', // (ours)
  adminCardNotAllowed: 'An admin booking is paid offline: choose pay later or a childcare voucher.', // (ours)
  ageRangeBlockedBooking:
    'Sorry the attendee is outside the age range for this activity and cannot be booked.', // (ours: the booking twin of ageRangeBlocked)
  tooManyUnpaidBookings:
    'You have started too many bookings without payment in the last hour. Please try again later.', // (ours)
  tooManyOpenUnpaidBookings: (n: number) =>
    `You already have ${n} bookings awaiting payment. Please pay for them, or ask the organiser, before booking more.`, // (ours)

  // Payment schedules (docs/rules/editing-and-states.md)
  firstPaymentOn: (date: string) => `First payment on ${date}`,
  nextPaymentOn: (date: string) => `Next payment on ${date}`,
  finalPaymentOn: (date: string) => `Final payment on ${date}`,
  continuesUntilCancelled: 'Continues until cancelled',

  // Plans and payment settings (docs/rules/roles-and-plans.md, docs/rules/constants.md)
  featureNotAvailable: 'Feature not available',
  upgradeToPremium: 'Upgrade to Premium',
  badgeDisconnected: 'Disconnected',
  badgePending: 'Pending',
  badgeConnected: 'Connected',
  adminOnlyBadge: 'Admin only',

  // Uploads and inputs (docs/rules/forms-and-messages.md)
  tooManyFiles: (n: number) => `You can only upload up to ${n} file(s)`,
  emptyDrop: 'Unable to upload this file',
  fileTooLarge: 'This file is too large. The maximum size is 4.5MB.', // (ours)
  singleImageTooLarge: 'This file is too large. The maximum size is 10MB.', // (ours)
  fileTypeNotAllowed: 'This type of file cannot be uploaded here.', // (ours)
  durationHoursRange: 'Hours must be between 0 and 99.', // (ours)
  durationMinutesRange: 'Minutes must be between 0 and 59.', // (ours)
  rangeInvalid: 'Please choose a value between 30 and 720 minutes in steps of 30.', // (ours)

  // Empty states and lists (docs/rules/screens.md)
  noResults: 'No results found',
  noActivities: 'No activities found',
  showingResults: (from: number, to: number, of: number) =>
    `Showing ${from} to ${to} of ${of} results`,

  // Failed calls (docs/rules/forms-and-messages.md)
  failedToGetFields: failure('Failed to get fields', 'Failed to get fields'),
  failedToCreateAttendee: failure('Failed to create attendee'),
  failedToCreateAddOnBooking: failure('Failed to create add-on booking'),
  failedToSaveAttendee: failure('Failed to save attendee'),
  failedToCreateDiscountRule: failure('Failed to create discount rule'),
  failedToCreateVenue: failure('Failed to create venue'),
  failedToUpdateStripeAccountStatus: failure('Failed to update Stripe account status'),
  failedToUpdateStripePaymentMethod: failure('Failed to update Stripe payment method'),
  failedToLoadPaymentMethods: 'Error loading payment method configurations.', // (ours)
  errorUploadingFile: (reason?: string | null) => reason || 'Error uploading file',
} as const;

export type Messages = typeof messages;
