// The preview feature's public face: what other features may use; everything else in features/preview is its own.
export { PREVIEW_MESSAGE, PREVIEW_READY } from './protocol';
