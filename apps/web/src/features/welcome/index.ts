// The welcome feature's public face: what other features may use; everything else in features/welcome is its own.
export { default as WelcomeNewScreen } from './components/WelcomeNewScreen';
