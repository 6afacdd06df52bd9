import type { User } from '@cairn/shared/api/accounts';
import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';

/** The avatar at header size through the image service (48 px covers the 28 px slot on dense screens). */
export function avatarSrc(user: Pick<User, 'avatar'>, size: keyof typeof IMAGE_SIZES = 'avatar48'): string | null {
  const url = user.avatar[0]?.url;
  return url ? imageUrl(url, IMAGE_SIZES[size]) : null;
}
