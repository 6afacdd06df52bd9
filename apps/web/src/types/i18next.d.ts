import 'i18next';
import type admin from '../locales/en/admin.json';
import type adminTrails from '../locales/en/admin-trails.json';
import type auth from '../locales/en/auth.json';
import type battles from '../locales/en/battles.json';
import type brand from '../locales/en/brand.json';
import type chat from '../locales/en/chat.json';
import type coach from '../locales/en/coach.json';
import type common from '../locales/en/common.json';
import type dashboards from '../locales/en/dashboards.json';
import type errors from '../locales/en/errors.json';
import type games from '../locales/en/games.json';
import type insight from '../locales/en/insight.json';
import type lti from '../locales/en/lti.json';
import type me from '../locales/en/me.json';
import type media from '../locales/en/media.json';
import type nav from '../locales/en/nav.json';
import type notifications from '../locales/en/notifications.json';
import type offline from '../locales/en/offline.json';
import type player from '../locales/en/player.json';
import type preview from '../locales/en/preview.json';
import type rbo from '../locales/en/rbo.json';
import type results from '../locales/en/results.json';
import type validation from '../locales/en/validation.json';
import type welcome from '../locales/en/welcome.json';
import type xapi from '../locales/en/xapi.json';

// The English files are the source of truth: a key missing there fails tsc.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      brand: typeof brand;
      admin: typeof admin;
      'admin-trails': typeof adminTrails;
      chat: typeof chat;
      common: typeof common;
      errors: typeof errors;
      games: typeof games;
      me: typeof me;
      media: typeof media;
      coach: typeof coach;
      insight: typeof insight;
      dashboards: typeof dashboards;
      nav: typeof nav;
      notifications: typeof notifications;
      offline: typeof offline;
      player: typeof player;
      preview: typeof preview;
      rbo: typeof rbo;
      battles: typeof battles;
      results: typeof results;
      validation: typeof validation;
      welcome: typeof welcome;
      lti: typeof lti;
      xapi: typeof xapi;
    };
  }
}
