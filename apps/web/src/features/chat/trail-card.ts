import { CHAT_MESSAGE_MAX } from '@cairn/shared/constants';

/** The trail a chat opened beside a trail result carries (the spec's sendTrail): whose result, on which trail. */
export interface SentTrail {
  id: number;
  userId: number;
  name: string;
}

/** The longest trail name a card keeps, so that a card always leaves room for a message. */
const CARD_NAME_MAX = 80;

/**
 * The card as it travels in a message's body: its last line, `[name](/results/{trail}?user={user})` — a link any
 * client can read, which the web shows as a card. Brackets and line breaks in the name are dropped, so the line
 * always parses back.
 */
export function trailCardLine(trail: SentTrail): string {
  const name = [...trail.name.replace(/[[\]()\r\n]/g, ' ').trim()].slice(0, CARD_NAME_MAX).join('');
  return `[${name}](/results/${trail.id}?user=${trail.userId})`;
}

/** How many characters of text a message with this card may have (the card and its line break take the rest). */
export function textRoomWith(trail: SentTrail | null): number {
  return trail ? CHAT_MESSAGE_MAX - [...trailCardLine(trail)].length - 1 : CHAT_MESSAGE_MAX;
}

/** The body sent: the text, then the card on a line of its own. */
export function withTrailCard(text: string, trail: SentTrail | null): string {
  if (!trail) return text;
  return text ? `${text}\n${trailCardLine(trail)}` : trailCardLine(trail);
}

const CARD = /(?:^|\n)\[([^[\]\n]{1,80})\]\(\/results\/(\d{1,10})\?user=(\d{1,10})\)$/;

/** A message's text and its trail card, if its last line is one (bodies are at most 255 characters). */
export function parseTrailCard(body: string): { text: string; trail: SentTrail | null } {
  const m = CARD.exec(body.slice(-(CHAT_MESSAGE_MAX + 1)));
  if (!m) return { text: body, trail: null };
  return {
    text: body.slice(0, body.length - m[0].length),
    trail: { name: m[1], id: Number(m[2]), userId: Number(m[3]) },
  };
}

/** A body as a one-line preview (the chat list, search hits): a card reads as its trail's name. */
export function previewText(body: string): string {
  const { text, trail } = parseTrailCard(body);
  return trail ? [text, trail.name].filter(Boolean).join(' · ') : body;
}
