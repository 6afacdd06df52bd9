// The offline feature's public face (docs/offline.md): downloads, the outbox and its sync, the banner and toggle.
export { OfflineMark, OfflineToggle } from './components/OfflineToggle';
export { OutboxBanner } from './components/OutboxBanner';
export { refreshDownload } from './download';
export { isNetworkFailure, localAnswer, localPebble, noteOnlineAnswer, OfflineRefusal } from './local-player';
export { requestBackgroundSync, startOfflineSync } from './start';
export { currentOfflineUser, setOfflineUser, syncOutbox } from './sync';
export { dropUpload, isOfflineUpload, keepUpload } from './uploads';
