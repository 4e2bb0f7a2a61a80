import type { ClientSettings } from '../../api-client/index.ts';
import { loadDetail, useChunk } from './lazy.ts';
import { useWidget, type View, type WidgetStore } from './store.ts';
import { strings } from './strings.ts';
import { DetailSkeleton, ErrorNotice, StoreContext } from './views/common.tsx';
import { type ButtonDisplay, Listing } from './views/Listing.tsx';

const BUTTON_DISPLAYS: readonly string[] = ['align right', 'full width', 'hidden', 'none'];

/**
 * The widget's root: picks the template and button display (the element's attributes win over
 * the organiser's saved settings) and shows the current view.
 */
export function App({ store }: { store: WidgetStore }) {
  const settings = useWidget(store, (s) => s.settings);
  const list = useWidget(store, (s) => s.list);
  const view = useWidget(store, (s) => s.view);
  const appearance = useWidget(store, (s) => s.appearance);
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
      <div className={className}>
        {view.kind === 'listing' ? (
          <Listing
            settings={settings}
            list={list}
            focusGroup={view.focusGroup}
            buttonDisplay={buttonDisplay}
          />
        ) : settings.status === 'error' ? (
          <ErrorNotice title={strings.loadGroupFailed} message={settings.message} />
        ) : (
          <Detail view={view} settings={saved} />
        )}
      </div>
    </StoreContext.Provider>
  );
}

function Detail({
  view,
  settings,
}: {
  view: Extract<View, { kind: 'group' }>;
  settings: ClientSettings | null;
}) {
  const chunk = useChunk(loadDetail);
  if (chunk.error) {
    return (
      <div className="cw-error" role="alert">
        <p>
          <strong>{strings.loadGroupFailed}</strong>
        </p>
        <button type="button" className="cw-btn" onClick={chunk.retry}>
          {strings.retry}
        </button>
      </div>
    );
  }
  if (!chunk.module || !settings) return <DetailSkeleton />;
  const GroupDetail = chunk.module.default;
  return <GroupDetail id={view.id} back={view.back} focus={view.focus} settings={settings} />;
}
