// The media feature's public face: what other features may use; everything else in features/media is its own.
export { uploadMedia } from './api';
export { AvatarPicker } from './components/AvatarPicker';
export { MediaView } from './components/MediaView';
