/*
 * Ids used in the description's example requests. Real ids are 24 hexadecimal characters; these
 * spell out what they stand for so a reader can follow one example into another.
 */
export const ids = {
  group: '665f1c2ab1e4a0c3d2f10001',
  session: '665f1c2ab1e4a0c3d2f10002',
  ticket: '665f1c2ab1e4a0c3d2f10003',
  venue: '665f1c2ab1e4a0c3d2f10004',
  rule: '665f1c2ab1e4a0c3d2f10005',
  user: '665f1c2ab1e4a0c3d2f10006',
  attendee: '665f1c2ab1e4a0c3d2f10007',
  booking: '665f1c2ab1e4a0c3d2f10008',
  place: '665f1c2ab1e4a0c3d2f10009',
  field: '665f1c2ab1e4a0c3d2f1000a',
  firstNameField: '665f1c2ab1e4a0c3d2f1000b',
  lastNameField: '665f1c2ab1e4a0c3d2f1000c',
  birthDateField: '665f1c2ab1e4a0c3d2f1000d',
} as const;

/** One basket: a week's ticket of a camp for one child, paid later. */
export const basketExample = {
  activityGroups: [
    {
      activityGroup: ids.group,
      items: [{ ticket: ids.ticket, attendees: [ids.attendee] }],
    },
  ],
  discountCode: null,
  paymentMethod: { type: 'payLater' },
};

/** A child's answers to the organiser's attendee fields. */
export const attendeeExample = {
  fieldData: [
    { field: ids.firstNameField, value: 'Bea' },
    { field: ids.lastNameField, value: 'Lovelace' },
    { field: ids.birthDateField, value: '2019-05-04' },
  ],
};
