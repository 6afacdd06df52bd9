import { z } from 'zod';
import { stripBidiControls } from '../text';

/**
 * A string whose length is checked first: zod runs a string's checks in order and, without `abort`, goes on to the
 * later ones (a pattern, a refine) after a failed one. Over `max`, nothing after this runs on the text.
 */
export const boundedString = (max: number, message?: string) => z.string().max(max, { abort: true, message });

/**
 * Text other people see (a name, a file or folder name, a chat message): bounded first, then without its
 * bidirectional controls (text.ts: stripped, not refused).
 */
export const shownText = (max: number, message?: string) => boundedString(max, message).overwrite(stripBidiControls);
