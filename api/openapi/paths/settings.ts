import {
  clientSettingsSchema,
  coachSchema,
  createHomeTabSchema,
  createVenueSchema,
  customFieldSchema,
} from '../../../engine/index.ts';
import { logoBody } from '../../routes/client-logo.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Organisation settings';

const venue = {
  name: 'Village Hall',
  address: { address1: '1 High St', city: 'Leeds', postalCode: 'LS1 1AA' },
};
const field = { title: 'Medical notes', type: 'text', usage: 'attendee' };
/** A tab of one venue's activities: `field` is the organiser's venue field. */
const tab = {
  name: 'Swimming',
  path: 'swimming',
  type: 'venue',
  field: ids.field,
  value: [ids.venue],
};
const coach = {
  fullName: 'Jo Coach',
  email: 'jo.coach@club.example',
  password: 'whistle-and-cones',
  activityGroups: [ids.group],
};

/**
 * The organisation, its custom fields, venues, home-page tabs and coaches. Schemas that depend on
 * the organiser's own data (its country, its other tabs) are shown for a new organiser in the UK;
 * the route applies the same schema with the organiser's values.
 */
export const settingsRoutes: RouteDocs = {
  'GET /api/client': {
    tag,
    summary: 'The organisation: name, country, currency, time zone, plan and widget settings',
    description: 'A signed-in caller gets their own organiser; the widget names one.',
    access: 'widget',
    returns: "The organiser's settings.",
  },
  'GET /api/widget-start': {
    tag,
    summary: "What the widget's listing needs to paint: the settings and the listing's first page",
    description:
      '/embed.js asks for it in parallel with the widget script, so the listing paints after ' +
      'three requests. A plain GET without custom headers (no CORS preflight); the same answers ' +
      'as `GET /api/client` and the first page of `GET /api/activity-groups/listing`.',
    access: 'widget',
    query: {
      clientId: "The organiser's client id (from the embed code).",
      tab: "A home tab's path: only that tab's groups (404 for an unknown tab).",
    },
    returns: '`{ data: { client, listing: { data, meta } } }`.',
  },
  'PUT /api/client': {
    tag,
    summary: 'Save the organisation settings form',
    description: 'The currency is locked once the organiser has created an activity.',
    access: 'admin',
    body: {
      schema: clientSettingsSchema({ currencyLocked: false, currentCurrency: 'GBP' }),
      example: {
        name: 'Riverside Swim Club',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
        dateFormat: 'dd/MM/yyyy',
        holdMinutes: 15,
        allowPayLater: true,
        formTemplate: 'Default',
        buttonDisplay: 'align right',
      },
    },
    returns: 'The saved settings.',
  },
  'PUT /api/client/logo': {
    tag,
    summary: "Choose the organisation's logo from its uploaded images, or remove it",
    description:
      'Upload the image first (POST /api/file-uploads/file-upload-image); JPEG, PNG or GIF of 1 MB or less. Shown in every e-mail and on hosted pages.',
    access: 'admin',
    body: { schema: logoBody, example: { fileId: null } },
    returns: 'The settings, with `logoUrl`.',
  },
  'GET /api/fields': {
    tag,
    summary: 'Custom fields of one kind (attendee, customer, activity, booking)',
    description: 'Admin-only fields and disabled fields are only ever sent to an admin.',
    access: 'widget',
    query: {
      usage: 'Which fields: `attendee`, `customer`, `activity` or `booking` (required).',
      includeDisabled: '`true` for disabled fields too (admins).',
      includeAdminOnly: '`true` for admin-only fields too (admins).',
    },
    returns: 'The fields with their options, in order.',
  },
  'POST /api/fields': {
    tag,
    summary: 'Add a custom field',
    access: 'admin',
    body: { schema: customFieldSchema, example: field },
    status: 201,
    returns: 'The saved field.',
  },
  'PUT /api/fields/:id': {
    tag,
    summary: 'Edit a custom field',
    description:
      'An option in use by saved answers cannot be removed (docs/rules/forms-and-messages.md).',
    access: 'admin',
    body: { schema: customFieldSchema, example: { ...field, title: 'Allergies' } },
    returns: 'The saved field.',
  },
  'GET /api/fields/:id/usage': {
    tag,
    summary: 'How many saved answers a field has (its type is locked once it has any)',
    access: 'admin',
    returns: 'The number of answers.',
  },
  'GET /api/fields/:id/option-usage': {
    tag,
    summary: 'How many saved answers use each option of a field',
    access: 'admin',
    returns: 'Counts per option id.',
  },
  'DELETE /api/fields/:id': {
    tag,
    summary: 'Delete a custom field not in use',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/venues': {
    tag,
    summary: "The organiser's venues",
    access: 'signedIn',
    returns: 'Every venue with its address.',
  },
  'POST /api/venues': {
    tag,
    summary: 'Add a venue',
    description: "The address rules follow the organiser's country (US ZIP, AU postcode, states).",
    access: 'admin',
    body: { schema: createVenueSchema('GB'), example: venue },
    status: 201,
    returns: 'The saved venue.',
  },
  'GET /api/venues/:id': { tag, summary: 'One venue', access: 'admin', returns: 'The venue.' },
  'PUT /api/venues/:id': {
    tag,
    summary: 'Edit a venue',
    access: 'admin',
    body: { schema: createVenueSchema('GB'), example: { ...venue, name: 'Sports Centre' } },
    returns: 'The saved venue.',
  },
  'DELETE /api/venues/:id': {
    tag,
    summary: 'Delete a venue no activity uses',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/home-tabs': {
    tag,
    summary: "The widget's home-page tabs",
    description: 'The widget gets the enabled tabs; an admin gets every tab.',
    access: 'widget',
    returns: 'The tabs in order.',
  },
  'POST /api/home-tabs': {
    tag,
    summary: "Add a home-page tab (activities of a venue or of a field's options)",
    description: 'Tab paths are unique per organiser.',
    access: 'admin',
    body: { schema: createHomeTabSchema({ otherTabs: [] }), example: tab },
    status: 201,
    returns: 'The saved tab.',
  },
  'PUT /api/home-tabs/:id': {
    tag,
    summary: 'Edit a home-page tab',
    access: 'admin',
    body: { schema: createHomeTabSchema({ otherTabs: [] }), example: { ...tab, path: 'swim' } },
    returns: 'The saved tab.',
  },
  'DELETE /api/home-tabs/:id': {
    tag,
    summary: 'Delete a home-page tab',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/coaches': {
    tag,
    summary: 'Coaches and the activities each takes registers for',
    access: 'admin',
    returns: 'The coaches.',
  },
  'POST /api/coaches': {
    tag,
    summary: 'Add a coach (a dashboard user who sees only their registers)',
    access: 'admin',
    body: { schema: coachSchema, example: coach },
    status: 201,
    returns: 'The coach.',
  },
  'PUT /api/coaches/:id': {
    tag,
    summary: 'Edit a coach; an empty password keeps the current one',
    access: 'admin',
    body: { schema: coachSchema, example: { ...coach, password: '' } },
    returns: 'The coach.',
  },
};
