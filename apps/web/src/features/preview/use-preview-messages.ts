import { useEffect, useState } from 'react';
import { applyCustomerColours, setBackgrounds } from '../../lib/branding';
import { clientConfig } from '../../lib/observability';
import { EMPTY_PREVIEW, isAllowedOrigin, PREVIEW_READY, type PreviewState, parsePreviewMessage } from './protocol';

/**
 * Listens for preview messages (./protocol.ts): only from this app's own origin or one of the deployment's
 * PREVIEW_ORIGINS (GET /api/client-config); everything else is dropped before it is read. Applies the colours
 * and backgrounds as the real app would, and returns the state (the logo is the layout's).
 */
export function usePreviewMessages(): PreviewState {
  const [state, setState] = useState<PreviewState>(EMPTY_PREVIEW);

  useEffect(() => {
    // null until the allow-list has come: messages arriving before it wait (a few at most) instead of being lost
    let allowed: string[] | null = null;
    const early: MessageEvent[] = [];
    let stopped = false;
    const apply = (event: MessageEvent) => {
      if (!isAllowedOrigin(event.origin, window.location.origin, allowed ?? [])) return;
      const change = parsePreviewMessage(event.data);
      if (change) setState((s) => ({ ...s, ...change }));
    };
    const onMessage = (event: MessageEvent) => {
      if (allowed !== null) apply(event);
      else if (early.length < 20) early.push(event);
    };
    window.addEventListener('message', onMessage);
    // then the allow-list, then tell the framing page the preview is ready for its state
    void clientConfig().then((c) => {
      if (stopped) return;
      allowed = c?.preview_origins ?? [];
      for (const event of early.splice(0)) apply(event);
      if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, '*');
    });
    return () => {
      stopped = true;
      window.removeEventListener('message', onMessage);
    };
  }, []);

  useEffect(() => {
    applyCustomerColours(state.colors);
    setBackgrounds({ landscape: state.backgroundLandscape, portrait: state.backgroundPortrait });
  }, [state.colors, state.backgroundLandscape, state.backgroundPortrait]);

  return state;
}
