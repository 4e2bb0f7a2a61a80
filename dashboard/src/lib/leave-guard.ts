/*
 * Asking before unsaved work is thrown away (docs/rules/editing-and-states.md, "Leaving a form
 * with unsaved changes"). The dashboard uses a declarative <BrowserRouter>, where React Router's
 * useBlocker is not available, so in-app links are caught where every click passes: a capturing
 * listener on the document sees a click on any link (the sidebar, a screen's own links) before
 * React Router does, holds it, and replays it once the organiser chooses to leave. A reload or
 * closing the tab gets the browser's own beforeunload prompt.
 */
import { useEffect, useRef } from 'react';

/** True for a click the browser or the router would turn into leaving this page. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null; // a new tab
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href, window.location.href);
  const here = window.location;
  // A jump within the page (#section) leaves nothing behind.
  if (to.pathname === here.pathname && to.search === here.search) return null;
  return link;
}

/**
 * While `dirty`, a link click or Back-to-list action asks first: `ask(leave)` is called instead of
 * leaving, and `leave()` carries on to where the organiser was going. Reloading or closing the tab
 * shows the browser's prompt.
 *
 * @example
 * useLeaveGuard(dirty, (leave) => { setLeave(() => leave); discardDialog.open(); });
 */
export function useLeaveGuard(dirty: boolean, ask: (leave: () => void) => void) {
  const askRef = useRef(ask);
  askRef.current = ask;

  useEffect(() => {
    if (!dirty) return;
    let replaying = false;
    const onClick = (event: MouseEvent) => {
      if (replaying) return;
      const link = leavingLink(event);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      askRef.current(() => {
        replaying = true;
        try {
          link.click();
        } finally {
          replaying = false;
        }
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows its prompt only when returnValue is set.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
