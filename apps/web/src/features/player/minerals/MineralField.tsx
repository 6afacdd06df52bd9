import type { MineralType } from '@cairn/shared/api/trails';
import type { ComponentType } from 'react';
import { Choice } from './Choice';
import { DateInput } from './DateInput';
import { Opinion } from './Opinion';
import { OrderList } from './OrderList';
import { Rating } from './Rating';
import { TextInput } from './TextInput';
import type { MineralProps } from './types';
import { UploadInput } from './UploadInput';
import { WordBubble } from './WordBubble';
import { YesNo } from './YesNo';

/** Which input answers each of the 22 mineral types. */
export const MINERAL_INPUTS: Record<MineralType, ComponentType<MineralProps>> = {
  text_input: TextInput,
  number_input: TextInput,
  email_input: TextInput,
  url_input: TextInput,
  date_input: DateInput,
  audio_input: UploadInput,
  image_input: UploadInput,
  video_input: UploadInput,
  file_input: UploadInput,
  opinion: Opinion,
  '5_point_rating': Rating,
  yes_no: YesNo,
  sa_text: Choice,
  ma_text: Choice,
  sa_image: Choice,
  ma_image: Choice,
  sa_audio: Choice,
  ma_audio: Choice,
  sa_video: Choice,
  ma_video: Choice,
  order: OrderList,
  word_bubble: WordBubble,
};
