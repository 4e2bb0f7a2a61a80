import type { ComponentType } from 'react';
import type { ClientSettings } from '../../api-client/index.ts';
import {
  loadAccount,
  loadDetail,
  loadJourney,
  loadMine,
  loadReEnrol,
  loadTrial,
  loadWaitlist,
  useChunk,
} from './lazy.ts';
import { listedName, useWidget, type View, type WidgetStore } from './store.ts';
import { strings } from './strings.ts';
import { DetailSkeleton, ErrorNotice, StoreContext } from './views/common.tsx';
import { type ButtonDisplay, Listing } from './views/Listing.tsx';

const BUTTON_DISPLAYS: readonly string[] = ['align right', 'full width', 'hidden', 'none'];

type Later = Exclude<View['kind'], 'listing'>;
/** The chunk of each later view. An offer is shown by My bookings' chunk. */
const LOADERS: Record<Later, () => Promise<{ default: ComponentType<StepProps> }>> = {
  group: loadDetail,
  book: loadJourney,
  waitlist: loadWaitlist,
  mine: loadMine,
  offer: loadMine,
  trial: loadTrial,
  reenrol: loadReEnrol,
  account: loadAccount,
};

/**
 * The widget's root: picks the template and button display (the element's attributes win over
 * the organiser's saved settings) and shows the current view.
 */
export function App({ store }: { store: WidgetStore }) {
  const settings = useWidget(store, (s) => s.settings);
  const list = useWidget(store, (s) => s.list);
  const view = useWidget(store, (s) => s.view);
  const appearance = useWidget(store, (s) => s.appearance);
  const booking = useWidget(store, (s) =>
    s.view.kind === 'book' ? listedName(s, s.view.id) : undefined,
  );
  const saved = settings.status === 'ready' ? settings.data : null;
  const template = appearance.template ?? saved?.formTemplate ?? 'Default';
  const wanted = appearance.buttonDisplay ?? saved?.buttonDisplay ?? 'align right';
  const buttonDisplay = (
    BUTTON_DISPLAYS.includes(wanted) ? wanted : 'align right'
  ) as ButtonDisplay;
  const className = [
    'cw-root',
    template === 'Seamless' ? 'cw-seamless' : 'cw-default',
    buttonDisplay === 'full width' ? 'cw-btn-full' : '',
  ].join(' ');

  return (
    <StoreContext.Provider value={store}>
      <div className={className} onSubmit={focusFirstError}>
        <p className="cw-bar">
          {/* During a booking the activity's name shares this line: one header line less. */}
          {booking && <span className="cw-crumb">{booking}</span>}
          {view.kind !== 'account' && (
            <button
              type="button"
              className="cw-ghost"
              onClick={() => store.actions.show({ kind: 'account', section: 'attendees' })}
            >
              {strings.myAccount}
            </button>
          )}
          {view.kind !== 'mine' && (
            <button
              type="button"
              className="cw-ghost"
              onClick={() => store.actions.show({ kind: 'mine' })}
            >
              {strings.myBookings}
            </button>
          )}
        </p>
        {view.kind === 'listing' ? (
          <Listing
            settings={settings}
            list={list}
            focusGroup={view.focusGroup}
            focus={view.focus}
            buttonDisplay={buttonDisplay}
          />
        ) : settings.status === 'error' ? (
          <ErrorNotice title={strings.loadGroupFailed} message={settings.message} />
        ) : (
          <Step
            // One Step per kind of view: a chunk's state must not carry over to another chunk.
            key={view.kind}
            loader={LOADERS[view.kind]}
            view={view}
            settings={saved}
          />
        )}
      </div>
    </StoreContext.Provider>
  );
}

/**
 * After a form's submit, focus moves to its first field in error, if its check found one (the
 * next render shows them); an error the server sends back is focused by the step's Alert.
 */
function focusFirstError(event: { target: EventTarget | null }) {
  const form = event.target as HTMLFormElement;
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** What every later step receives: the view that opened it and the organiser's settings. */
export interface StepProps {
  view: View;
  settings: ClientSettings;
}

/** A later step's chunk: a skeleton while it loads, Retry if it could not be fetched. */
function Step({
  loader,
  view,
  settings,
}: {
  loader: () => Promise<{ default: ComponentType<StepProps> }>;
  view: View;
  settings: ClientSettings | null;
}) {
  const chunk = useChunk(loader);
  if (chunk.error) {
    const title = view.kind === 'group' ? strings.loadGroupFailed : strings.loadStepFailed;
    return <ErrorNotice title={title} retry={chunk.retry} />;
  }
  if (!chunk.module || !settings) return <DetailSkeleton />;
  const Component = chunk.module.default;
  return <Component view={view} settings={settings} />;
}
