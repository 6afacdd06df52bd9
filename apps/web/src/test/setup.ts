import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';

const en = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });
const resources = {
  en: Object.fromEntries(Object.entries(en).map(([path, json]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), json])),
};

beforeAll(async () => {
  await initI18n('en', resources);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
