import type { CustomerStyle, ThemeBackground } from '../schema';

/** Demo sign-ins, printed at start and used by tests. */
export const DEMO_USERS = {
  learner: { email: 'learner@example.com', password: 'learner123' },
  rival: { email: 'rival@example.com', password: 'rival123' },
  coach: { email: 'coach@example.com', password: 'coach123' },
  other: { email: 'other@example.com', password: 'other123' },
} as const;

export const DEMO_PUBLIC_LINK = 'demo';

export const ROLES = [
  { name: 'public', level: 10 },
  { name: 'learner', level: 100 },
  { name: 'coach', level: 500 },
] as const;

export const COUNTRIES = [
  { name: 'Australia', code: 'AU' },
  { name: 'Canada', code: 'CA' },
  { name: 'China', code: 'CN' },
  { name: 'France', code: 'FR' },
  { name: 'Germany', code: 'DE' },
  { name: 'India', code: 'IN' },
  { name: 'Indonesia', code: 'ID' },
  { name: 'Italy', code: 'IT' },
  { name: 'Malaysia', code: 'MY' },
  { name: 'Netherlands', code: 'NL' },
  { name: 'Philippines', code: 'PH' },
  { name: 'Poland', code: 'PL' },
  { name: 'Spain', code: 'ES' },
  { name: 'Thailand', code: 'TH' },
  { name: 'United Kingdom', code: 'GB' },
  { name: 'United States', code: 'US' },
];

export const ACME_STYLE: CustomerStyle = {
  attributes: { color: '#ff7233' },
  colors: { color0: { r: 255, g: 114, b: 51 }, color2: { r: 38, g: 50, b: 56 } },
};

/** Globex's dark palette: a violet accent over a near-black navy, so the two demo brands differ at a glance. */
export const GLOBEX_STYLE: CustomerStyle = {
  attributes: { color: '#7c4dff' },
  colors: { color0: { r: 124, g: 77, b: 255 }, color2: { r: 18, g: 16, b: 40 } },
};

const bg = (url: string, a = 0.35): ThemeBackground => ({ url, brightness: { r: 0, g: 0, b: 0, a } });

export const ACME_THEMES = [
  {
    name: 'Acme Sunrise',
    backgroundLandscape: bg('/files/customers/acme/landscape.jpg'),
    backgroundPortrait: bg('/files/customers/acme/portrait.jpg'),
  },
  { name: 'Acme Plain', backgroundLandscape: null, backgroundPortrait: null },
];

export const GLOBEX_THEMES = [
  {
    name: 'Globex Night',
    backgroundLandscape: bg('/files/customers/globex/landscape.jpg', 0.45),
    backgroundPortrait: bg('/files/customers/globex/portrait.jpg', 0.45),
  },
];

/** The custom profile fields of §9 with their option lists. */
export const PROFILE_FIELDS = [
  {
    name: 'title',
    label: 'Title',
    type: 'select' as const,
    options: ['Mr.', 'Ms.', 'Mrs.', 'Miss', 'Mx.'],
  },
  {
    name: 'gender',
    label: 'Gender',
    type: 'select' as const,
    options: ['Male', 'Female', 'Non-Binary'],
  },
  {
    name: 'experience',
    label: 'Experience',
    type: 'select' as const,
    options: [
      'Less than 1 year',
      '1 to 2 years',
      '3 to 5 years',
      '6 to 10 years',
      '11 to 15 years',
      '15 to 20 years',
      'More than 20 years',
    ],
  },
  {
    name: 'education',
    label: 'Education',
    type: 'select' as const,
    options: [
      'Below secondary',
      'Secondary',
      'Trade / technical / vocational',
      'Associate / College',
      'Bachelor',
      'Master / Professional',
      'Doctoral',
    ],
  },
  { name: 'department', label: 'Department', type: 'text' as const, options: [] as string[] },
];

/** Set by coaches only: the learner sees it but may not change it (edit: false; docs/me-and-coach.md). */
export const COACH_FIELDS = [
  { name: 'cost_centre', label: 'Cost centre', type: 'text' as const, options: [] as string[], edit: false },
];

/** Globex has a field Acme lacks, so tenancy refusals can be tested. */
export const GLOBEX_FIELDS = [{ name: 'division', label: 'Division', type: 'text' as const, options: [] as string[] }];
