// The chat feature's public face: what other features may use. The views load as chunks of their own.
export const loadChatView = () => import('./components/ChatView');
export const loadResultChatDock = () => import('./components/ResultChatDock');
