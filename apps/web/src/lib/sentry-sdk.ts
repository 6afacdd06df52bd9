// The parts of the Sentry browser SDK the app uses, so the lazily loaded chunk carries only those.
export { captureException, init } from '@sentry/browser';
