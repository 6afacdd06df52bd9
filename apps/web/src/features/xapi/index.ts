// xAPI (docs/xapi.md): the admin's LRS settings screen, a tab of the admin side.
export { default as XapiScreen } from './components/XapiScreen';
