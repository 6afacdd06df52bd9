/** Business constants of §9, shared by server and web. */
export const ROLE_LEVEL_THRESHOLD = 400;
export const WIDE_SCREEN_PX = 1024;
export const CHAT_MESSAGE_MAX = 255;
export const SEARCH_MIN_CHARS = 2;
export const BADGE_CAP = 9;
/** Notifications per page of `GET /api/notificationsAll/{page}` (§9: infinite scroll above 15). */
export const NOTIFICATIONS_PER_PAGE = 15;

export const TIMINGS = {
  reloadGuardMs: 60_000,
  confettiMs: 3_500,
  rewardCloseDelayMs: 500,
  toastDefaultMs: 4_000,
  toastErrorMs: 6_000,
  toastRateLimitMs: 10_000,
  linkSentCountdownS: 5,
  searchHighlightMs: 5_000,
  /** chat, message and coach user search (§8) */
  searchDebounceMs: 1_000,
  loadingBarThrottleMs: 200,
  loadingBarDurationMs: 5_000,
  /** a loading state shows only for work slower than this (§9 fetch minimum delay) */
  fetchMinDelayMs: 200,
  /** a prefetch started by hovering or focusing a link gives up after this (§9 link prefetch timeout) */
  prefetchTimeoutMs: 2_000,
} as const;

export const PASSWORD_MIN = 6;

/** The public-user rule of §5: any role named public, case-insensitive. */
export function isPublicRoleName(name: string): boolean {
  return name.trim().toLowerCase() === 'public';
}

export const DEFAULT_ACCENT = { r: 255, g: 114, b: 51 } as const;
export const STAR_COLOUR = { r: 217, g: 177, b: 0 } as const;

/** Dark versus light by luminance above 127.5 (§9). */
export function isLightColour(c: { r: number; g: number; b: number }): boolean {
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b > 127.5;
}

/** Numbers above 999 shown with one decimal plus k (§9). */
export function kFormatter(n: number): string {
  return Math.abs(n) > 999 ? `${(Math.sign(n) * (Math.abs(n) / 1000)).toFixed(1)}k` : String(n);
}

/** Badge text: the count, capped at '9+'. */
export function badgeText(n: number): string {
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}
