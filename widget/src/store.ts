/*
 * One store per widget element (two widgets on a page keep their own state). zustand/vanilla
 * with a one-line hook: about 4 KB less than zustand's React binding, which pulls in more of
 * preact/compat (STYLE.md).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ActivityGroup,
  ApiClient,
  ClientSettings,
  ListingGroup,
  ListingPage,
  User,
} from '../../api-client/index.ts';
import { type StartData, type Started, takeStarted } from '../../embed-snippet/start.ts';
import type { BookingStep } from '../../engine/deep-links.ts';
import { useLayoutEffect, useRef, useState } from './preact.ts';
import { onTokenChange, readSavedToken, type Session, saveToken } from './session.ts';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; missing?: boolean };

/**
 * What the widget shows. `focus` is set when the user moved inside the widget (focus follows
 * them, for keyboard and screen-reader users); a page's `Classwise('open')` never steals focus.
 */
export type View =
  | { kind: 'listing'; focusGroup?: string; focus?: boolean }
  | { kind: 'group'; id: string; back: boolean; focus: boolean }
  /** The booking journey for one group (issue 5); `back` returns to the group's page. */
  | { kind: 'book'; id: string; back: boolean; step?: BookingStep }
  /** The waitlist join form (Premium); the embed's `waitlist` starting view. */
  | { kind: 'waitlist'; id: string; back: boolean }
  /** The parent's bookings, with online cancellation. */
  | { kind: 'mine' }
  /** One waitlist offer (a link from its e-mail), with its Book button. */
  | { kind: 'offer'; id: string }
  /** Next term's place kept for a child (re-enrolment), from its e-mail's link; `id` is the token. */
  | { kind: 'reenrol'; id: string }
  /** The offer after a child's trial (a link from its e-mail), with one Book button per option. */
  | { kind: 'trial'; id: string }
  /** The parent's account area (children, own details, password); `section` e.g. 'attendees'. */
  | { kind: 'account'; section: string };

/** The element's look attributes; null follows the organiser's saved setting. */
export interface Appearance {
  template: string | null;
  buttonDisplay: string | null;
}

export interface WidgetState {
  appearance: Appearance;
  settings: Remote<ClientSettings>;
  /** The listing's groups so far: its pages, one after another, as the parent scrolls. */
  list: Remote<ListingGroup[]> | null;
  /** The listing's next page (cursor, loading, failure) and whether it offers the year filter. */
  more: ListingMore;
  /** The listing's school-year filter, applied by the server before paging; null: all years. */
  schoolYear: number | null;
  /** Groups fetched one by one (a starting view or an `open` call before the list arrived). */
  groups: Record<string, Remote<ActivityGroup>>;
  view: View;
  /** The signed-in parent, if any (see session.ts). */
  session: Session | null;
  /** Set when the server stopped accepting the saved token: the sign-in form says why. */
  sessionEnded: boolean;
  /** A home tab's path: the listing shows only that tab's groups. */
  tab: string | null;
  /** The last view change replaces the page's history entry instead of adding one (history.ts). */
  replace: boolean;
}

export interface ListingMore {
  next: string | null;
  loading: boolean;
  error: string | null;
  bySchoolYear: boolean;
}

/** Groups per listing page: a screenful of cards (the server allows up to 50). */
export const LISTING_PAGE = 10;

export interface WidgetActions {
  /** `focusGroup`: the group whose Book button gets focus back. */
  showListing(focusGroup?: string): void;
  /** `back`: offer the way back to the listing; `focus`: move focus to the group's heading. */
  showGroup(id: string, options: { back: boolean; focus: boolean }): void;
  /**
   * Moves to another view of the journey (book, waitlist, my bookings); `replace` when the move
   * corrects the view (a step that cannot show yet) rather than being one the parent made.
   */
  show(view: View, replace?: boolean): void;
  /** Keeps the parent's token (saved for the next visit) and who they are. */
  signedIn(token: string, user: User): void;
  /** Forgets the token here; the server-side revoke is the caller's business. */
  signOut(): void;
  /** Fetches a group again (places left changed under the parent's feet). */
  refreshGroup(id: string): void;
  /** Loads again whatever failed (the Retry button). */
  retry(): void;
  /** The listing's next page, if there is one and it is not already on its way. */
  loadMore(): void;
  /** Filters the listing by school year (null: all years), from its first page again. */
  setSchoolYear(year: number | null): void;
}

/** The store, its actions, and the API client the lazily loaded steps call through. */
export type WidgetStore = StoreApi<WidgetState> & {
  actions: WidgetActions;
  api: ApiClient;
  clientId: string;
  /** The product's origin (the API, /pay), not the organiser's page. */
  origin: string;
  /** Whether the organiser embedded the listing: only then do pages offer the way back to it. */
  hasListing: boolean;
  /** The element's own starting view (what the page shows with nothing in its URL hash). */
  start: View;
  /** Stops following sign-ins elsewhere (the element left the page). */
  stop: () => void;
};

const failed = (error: unknown) => ({
  status: 'error' as const,
  message: error instanceof Error && error.message ? error.message : String(error),
  // 404: unpublished or deleted; retrying cannot help, so the view says so instead.
  missing: (error as { status?: number }).status === 404,
});

/**
 * @example const store = createWidgetStore({ origin: 'https://app.classwise.example', clientId, start: { kind: 'listing' } });
 */
export function createWidgetStore({
  origin,
  clientId,
  start,
  view = start,
  appearance,
  tab = null,
}: {
  origin: string;
  clientId: string;
  start: View;
  /** Where to open when not at the start (a deep link in the page's URL hash). */
  view?: View;
  appearance: Appearance;
  tab?: string | null;
}): WidgetStore {
  const saved = readSavedToken(clientId);
  const store = createStore<WidgetState>(() => ({
    settings: { status: 'loading' },
    list: null,
    more: { next: null, loading: false, error: null, bySchoolYear: false },
    schoolYear: null,
    groups: {},
    view,
    appearance,
    session: saved ? { token: saved, user: null } : null,
    sessionEnded: false,
    tab,
    replace: false,
  }));
  const { getState, setState } = store;
  // Bearer token, never cookies: the widget runs on the organiser's origin (docs/architecture.md,
  // Auth). The client itself is fetched on the first call (issue 18): the listing's first paint
  // reads what /embed.js started (start.ts) and needs no client; the later steps' chunks bring it
  // with them anyway, and the page side warms it after the paint (main.tsx).
  let client: Promise<ApiClient> | undefined;
  const loadClient = () => {
    client ??= import('../../api-client/client.ts').then(
      ({ createApiClient }) =>
        createApiClient({
          baseUrl: origin,
          clientId,
          credentials: 'omit',
          getToken: () => getState().session?.token ?? null,
        }),
      (error) => {
        client = undefined;
        throw error;
      },
    );
    return client;
  };
  // A token the server no longer accepts (expired, revoked) is forgotten wherever the 401 comes
  // from, so every signed-in step falls back to the sign-in form instead of failing one by one.
  const guard =
    (method: keyof ApiClient) =>
    async (...args: unknown[]) => {
      const call = (await loadClient())[method] as (...args: unknown[]) => Promise<unknown>;
      const sent = getState().session?.token;
      try {
        return await call(...args);
      } catch (error) {
        if (sent && (error as { status?: number }).status === 401) {
          setState({ session: null, sessionEnded: true });
          saveToken(clientId, null);
        }
        throw error;
      }
    };
  const api = {
    get: guard('get'),
    post: guard('post'),
    put: guard('put'),
    patch: guard('patch'),
    delete: guard('delete'),
    upload: guard('upload'),
  } as ApiClient;

  // The settings and the listing's first page that /embed.js already asked for (start.ts), each
  // used once; if that read failed, the widget asks for itself as it always did.
  const started = takeStarted(
    (window as { Classwise?: { start?: Started } }).Classwise,
    clientId,
    tab,
  ) as Promise<StartData<ClientSettings, ListingPage> | null> | undefined;
  let startedSettings = started;
  let startedList = started;
  const loadSettings = () => {
    setState({ settings: { status: 'loading' } });
    const own = () => api.get<ClientSettings>('/api/client');
    const read = startedSettings?.then((s) => s?.client ?? own()) ?? own();
    startedSettings = undefined;
    read.then(
      (data) => setState({ settings: { status: 'ready', data } }),
      (error) => setState({ settings: failed(error) }),
    );
  };
  // The listing a page at a time (issue 18); a filter change starts again from the first page,
  // and an answer to a request made before the change is dropped.
  let listRequest = 0;
  const listingPath = (cursor?: string | null) => {
    const query = new URLSearchParams({ limit: String(LISTING_PAGE) });
    if (tab) query.set('tab', tab);
    const year = getState().schoolYear;
    if (year !== null) query.set('schoolYear', String(year));
    if (cursor) query.set('cursor', cursor);
    return `/api/activity-groups/listing?${query}`;
  };
  const pageMore = (page: ListingPage): ListingMore => ({
    next: page.meta.next,
    loading: false,
    error: null,
    bySchoolYear: page.meta.bySchoolYear,
  });
  const loadList = () => {
    const request = ++listRequest;
    setState((s) => ({
      list: { status: 'loading' },
      more: { ...s.more, next: null, error: null },
    }));
    const own = () => api.get<ListingPage>(listingPath(), { whole: true });
    // The started page is the unfiltered first one: a school year chosen since asks for itself.
    const first = getState().schoolYear === null ? startedList : undefined;
    const read = first?.then((s) => s?.listing ?? own()) ?? own();
    startedList = undefined;
    read.then(
      (page) =>
        request === listRequest &&
        setState({ list: { status: 'ready', data: page.data }, more: pageMore(page) }),
      (error) => request === listRequest && setState({ list: failed(error) }),
    );
  };
  const loadMore = () => {
    const { list, more } = getState();
    if (list?.status !== 'ready' || !more.next || more.loading) return;
    const request = listRequest;
    setState({ more: { ...more, loading: true, error: null } });
    api.get<ListingPage>(listingPath(more.next), { whole: true }).then(
      (page) => {
        const current = getState().list;
        if (request !== listRequest || current?.status !== 'ready') return;
        const seen = new Set(current.data.map((g) => g._id));
        const added = page.data.filter((g) => !seen.has(g._id));
        setState({
          list: { status: 'ready', data: [...current.data, ...added] },
          more: pageMore(page),
        });
      },
      (error) =>
        request === listRequest &&
        setState((s) => ({ more: { ...s.more, loading: false, error: failed(error).message } })),
    );
  };
  const loadGroup = (id: string) => {
    const set = (remote: Remote<ActivityGroup>) =>
      setState((s) => ({ groups: { ...s.groups, [id]: remote } }));
    // A refresh keeps showing the copy it has: the journey's choices must not unmount.
    if (getState().groups[id]?.status !== 'ready') set({ status: 'loading' });
    api.get<ActivityGroup>(`/api/activity-groups/${encodeURIComponent(id)}/public`).then(
      (data) => set({ status: 'ready', data }),
      (error) => getState().groups[id]?.status !== 'ready' && set(failed(error)),
    );
  };
  // A view asks only for what it shows: a widget that starts on one group never loads the list.
  const ensure = (view: View) => {
    const s = getState();
    if (view.kind === 'listing' && !s.list) loadList();
    const group = view.kind === 'group' || view.kind === 'book' || view.kind === 'waitlist';
    if (group && !s.groups[view.id]) {
      if (!findInList(s, view.id)) loadGroup(view.id);
    }
  };

  const actions: WidgetActions = {
    showListing(focusGroup) {
      actions.show({ kind: 'listing', focusGroup });
    },
    showGroup(id, { back, focus }) {
      actions.show({ kind: 'group', id, back, focus });
    },
    show(view, replace = false) {
      setState({ view, replace });
      ensure(view);
    },
    signedIn(token, user) {
      setState({ session: { token, user }, sessionEnded: false });
      saveToken(clientId, token, user);
    },
    signOut() {
      setState({ session: null });
      saveToken(clientId, null);
    },
    refreshGroup: (id) => loadGroup(id),
    loadMore,
    setSchoolYear(year) {
      if (year === getState().schoolYear) return;
      setState({ schoolYear: year });
      loadList();
    },
    retry() {
      const s = getState();
      if (s.settings.status === 'error') loadSettings();
      if (s.list?.status === 'error') loadList();
      if (s.more.error) loadMore();
      for (const [id, remote] of Object.entries(s.groups)) {
        if (remote.status === 'error') loadGroup(id);
      }
    },
  };
  // Another widget on the page (or another tab) signed in or out: this one follows, so the
  // parent signs in once (docs/rules/embedding.md).
  const stopSharing = onTokenChange(clientId, (token, user) => {
    if (token === (getState().session?.token ?? null)) return;
    setState({ session: token ? { token, user } : null, sessionEnded: false });
  });
  loadSettings();
  ensure(view);
  return Object.assign(store, {
    actions,
    api,
    clientId,
    origin,
    hasListing: start.kind === 'listing',
    start,
    stop: stopSharing,
  });
}

const listed = (state: WidgetState, id: string) =>
  state.list?.status === 'ready' ? state.list.data.find((g) => g._id === id) : undefined;

/**
 * A group from the already loaded list, if it is there with all its sessions: a card carries
 * only the next few (issue 18), so the group's page and the booking journey fetch the rest.
 */
export function findInList(state: WidgetState, id: string): ActivityGroup | undefined {
  const group = listed(state, id);
  return group && group.activities.length >= group.sessionsTotal ? group : undefined;
}

/** A listed group's name, even when its card has only its next sessions. */
export const listedName = (state: WidgetState, id: string): string | undefined =>
  listed(state, id)?.name;

/**
 * Subscribes a component to one slice; select must return existing objects, not new ones.
 * React's useSyncExternalStore in a few lines (preact.ts: compat is not in the initial bundle):
 * renders again when the slice changes, including between this render and the subscription.
 */
export function useWidget<T>(store: WidgetStore, select: (state: WidgetState) => T): T {
  const value = select(store.getState());
  const [, rerender] = useState(0);
  const latest = useRef({ select, value });
  latest.current = { select, value };
  // A layout effect, as React's hook subscribes: before the browser paints, so an update that
  // lands meanwhile is not drawn late.
  useLayoutEffect(() => {
    const check = () => {
      const { select, value } = latest.current;
      if (select(store.getState()) !== value) rerender((n) => n + 1);
    };
    check();
    return store.subscribe(check);
  }, [store]);
  return value;
}
