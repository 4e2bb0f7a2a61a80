/*
 * One store per widget element (two widgets on a page keep their own state). zustand/vanilla
 * with a one-line hook: about 4 KB less than zustand's React binding, which pulls in more of
 * preact/compat (STYLE.md).
 */
import { useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type ActivityGroup,
  type ApiClient,
  type ClientSettings,
  createApiClient,
} from '../../api-client/index.ts';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; missing?: boolean };

/**
 * What the widget shows. `focus` is set when the user moved inside the widget (focus follows
 * them, for keyboard and screen-reader users); a page's `Classwise('open')` never steals focus.
 */
export type View =
  | { kind: 'listing'; focusGroup?: string }
  | { kind: 'group'; id: string; back: boolean; focus: boolean };

/** The element's look attributes; null follows the organiser's saved setting. */
export interface Appearance {
  template: string | null;
  buttonDisplay: string | null;
}

export interface WidgetState {
  appearance: Appearance;
  settings: Remote<ClientSettings>;
  list: Remote<ActivityGroup[]> | null;
  /** Groups fetched one by one (a starting view or an `open` call before the list arrived). */
  groups: Record<string, Remote<ActivityGroup>>;
  view: View;
}

export interface WidgetActions {
  /** `focusGroup`: the group whose Book button gets focus back. */
  showListing(focusGroup?: string): void;
  /** `back`: offer the way back to the listing; `focus`: move focus to the group's heading. */
  showGroup(id: string, options: { back: boolean; focus: boolean }): void;
  /** Loads again whatever failed (the Retry button). */
  retry(): void;
}

export type WidgetStore = StoreApi<WidgetState> & { actions: WidgetActions };

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
  appearance,
  api = createApiClient({ baseUrl: origin, clientId, credentials: 'omit' }),
}: {
  origin: string;
  clientId: string;
  start: View;
  appearance: Appearance;
  api?: ApiClient;
}): WidgetStore {
  const store = createStore<WidgetState>(() => ({
    settings: { status: 'loading' },
    list: null,
    groups: {},
    view: start,
    appearance,
  }));
  const { getState, setState } = store;

  const loadSettings = () => {
    setState({ settings: { status: 'loading' } });
    api.get<ClientSettings>('/api/client').then(
      (data) => setState({ settings: { status: 'ready', data } }),
      (error) => setState({ settings: failed(error) }),
    );
  };
  const loadList = () => {
    setState({ list: { status: 'loading' } });
    api.get<ActivityGroup[]>('/api/activity-groups/full-list').then(
      (data) => setState({ list: { status: 'ready', data } }),
      (error) => setState({ list: failed(error) }),
    );
  };
  const loadGroup = (id: string) => {
    const set = (remote: Remote<ActivityGroup>) =>
      setState((s) => ({ groups: { ...s.groups, [id]: remote } }));
    set({ status: 'loading' });
    api.get<ActivityGroup>(`/api/activity-groups/${encodeURIComponent(id)}/public`).then(
      (data) => set({ status: 'ready', data }),
      (error) => set(failed(error)),
    );
  };
  // A view asks only for what it shows: a widget that starts on one group never loads the list.
  const ensure = (view: View) => {
    const s = getState();
    if (view.kind === 'listing' && !s.list) loadList();
    if (view.kind === 'group' && !s.groups[view.id] && !findInList(s, view.id)) loadGroup(view.id);
  };

  const actions: WidgetActions = {
    showListing(focusGroup) {
      setState({ view: { kind: 'listing', focusGroup } });
      ensure(getState().view);
    },
    showGroup(id, { back, focus }) {
      setState({ view: { kind: 'group', id, back, focus } });
      ensure(getState().view);
    },
    retry() {
      const s = getState();
      if (s.settings.status === 'error') loadSettings();
      if (s.list?.status === 'error') loadList();
      for (const [id, remote] of Object.entries(s.groups)) {
        if (remote.status === 'error') loadGroup(id);
      }
    },
  };
  loadSettings();
  ensure(start);
  return Object.assign(store, { actions });
}

/** A group from the already loaded list, if it is there. */
export function findInList(state: WidgetState, id: string): ActivityGroup | undefined {
  return state.list?.status === 'ready' ? state.list.data.find((g) => g._id === id) : undefined;
}

/** Subscribes a component to one slice; select must return existing objects, not new ones. */
export function useWidget<T>(store: WidgetStore, select: (state: WidgetState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
