import type * as v from 'valibot';

/*
 * One entry of the API description (docs/api/openapi.md): what a route is for and who may call
 * it, written once beside the others so the description never depends on which route file
 * someone is editing. Request bodies are the same valibot schemas the routes validate with;
 * `api/openapi/openapi.test.ts` checks every route of the app has an entry and every example
 * passes its schema.
 */

/**
 * Who may call a route, as the route's guard decides it (api/middleware/auth.ts):
 * - `public`: anyone, no session (sign-up, sign-in, health, signed Stripe events).
 * - `widget`: anyone; the organiser is named with `X-Client-Id` unless a session names it.
 * - `optional`: anyone; a session, when sent, is what the call acts on (sign-out, private files).
 * - `admin`: an organiser's admin (the dashboard's cookie, or an admin's bearer token).
 * - `staff`: an admin, or a coach for the registers of their own activities.
 * - `customer`: a parent signed in through the widget (bearer token).
 * - `signedIn`: any signed-in user; a parent sees only their own records.
 */
export type Access = 'public' | 'widget' | 'optional' | 'admin' | 'staff' | 'customer' | 'signedIn';

/** A JSON body: the schema the route validates with and one request it accepts. */
export interface JsonBody {
  schema: v.GenericSchema;
  example: unknown;
}

export interface RouteDoc {
  tag: string;
  summary: string;
  /** Longer notes: rules, limits, where the contract is written up in docs/. */
  description?: string;
  access: Access;
  body?: JsonBody;
  /** A multipart upload: the form field that carries the file. */
  upload?: string;
  /** An HTML form post (the account pages a link in an e-mail opens). */
  form?: JsonBody;
  /** A body read as bytes and checked by signature, not by a schema (Stripe's events). */
  raw?: string;
  /** A write that reads no body (the URL names the action), and why. */
  noBody?: string;
  /** Query parameters by name, with what each does. */
  query?: Record<string, string>;
  /** What a successful answer holds. */
  returns: string;
  /** 201 for a create, 204 for no content; 200 otherwise. */
  status?: 200 | 201 | 204;
  /** The answer's media type when it is not the JSON envelope. */
  produces?: 'text/csv' | 'text/html' | 'text/calendar' | 'application/octet-stream';
}

export type RouteDocs = Record<string, RouteDoc>;
