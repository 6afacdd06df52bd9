/** Chat constants and checks shared by server and web, free of zod so the web can import them cheaply. */

/** §3 Discussion types and channels. */
export const DISCUSSION_TYPES = ['individual', 'coach', 'team', 'company'] as const;
export type DiscussionType = (typeof DISCUSSION_TYPES)[number];
export const DISCUSSION_CHANNELS = ['chat', 'broadcast'] as const;
export type DiscussionChannel = (typeof DISCUSSION_CHANNELS)[number];

/** Messages per page of GET /api/chats/{id}/{page} (§9). */
export const CHAT_PAGE_SIZE = 10;

/** Attachments a chat message accepts (§5), judged from the file's content. */
export const CHAT_ATTACHMENT_MIMETYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/pdf',
  'audio/wav',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
] as const;
/** The same list as file-picker `accept` (extensions and MIME types). */
export const CHAT_ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.xlsx,.xls,.docx,.doc,.pdf,.wav,.mp3,.m4a,.ogg';

/** True when a browser-reported file type is one chat accepts (the server judges by content again). */
export function isChatAttachmentType(mimetype: string, name = ''): boolean {
  if ((CHAT_ATTACHMENT_MIMETYPES as readonly string[]).includes(mimetype)) return true;
  if (mimetype === 'audio/x-wav' || mimetype === 'audio/wave' || mimetype === 'audio/mp3' || mimetype === 'audio/x-m4a')
    return true;
  // some systems report no type for Office files
  return mimetype === '' && /\.(xlsx|xls|docx|doc)$/i.test(name);
}
