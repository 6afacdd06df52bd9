// The results feature's public face: what other features may use. The result tab loads as a chunk of its own.
export { fetchCertificates, resetUserTrails, resultsKey } from './api';
export { CertificatesList } from './components/CertificatesList';
export const loadResultTab = () => import('./components/ResultTab');
