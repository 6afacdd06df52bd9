// The results feature's public face: what other features may use. The result tab loads as a chunk of its own.
export { fetchCertificates, requestResultPdf, resetUserTrails, resultsKey, useTrailResult } from './api';
export { CertificatesList } from './components/CertificatesList';
export { DimensionsChart } from './components/DimensionsChart';
export const loadResultTab = () => import('./components/ResultTab');
