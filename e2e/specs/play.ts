import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

// Playing a trail through the player's screens, in the page or inside a frame (the LTI journey plays framed in an
// LMS's course page): answers every mineral with something its rules accept, pebble after pebble.

/** Where the player is: the page itself, or a frame of it. */
export type PlayerRoot = Page | FrameLocator;

// The smallest files the server's content sniffing accepts for each upload mineral.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(64)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** The file chosen for each upload mineral. */
export const UPLOADS: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {
  image_input: { name: 'answer.png', mimeType: 'image/png', buffer: PNG },
  audio_input: { name: 'answer.wav', mimeType: 'audio/wav', buffer: WAV },
  video_input: { name: 'answer.mp4', mimeType: 'video/mp4', buffer: MP4 },
  file_input: { name: 'answer.pdf', mimeType: 'application/pdf', buffer: PDF },
};

/** Chooses the radio or checkbox at `index` by keyboard, as a learner without a mouse would. */
async function pressChoice(page: Page, section: Locator, role: 'radio' | 'checkbox', index: number) {
  const options = section.getByRole(role);
  await expect(options.first()).toBeVisible();
  await options.nth(Math.min(index, (await options.count()) - 1)).focus();
  await page.keyboard.press('Space');
}

/** The text typed into each text-like mineral. */
export const TEXT_ANSWERS: Record<string, string> = {
  text_input: 'A spider has eight legs.',
  number_input: '8',
  email_input: 'learner@example.com',
  url_input: 'https://example.com/portfolio',
};

/**
 * Gives every mineral of the current pebble an answer its rules accept (each of the 22 types: choices by keyboard,
 * the order list's last item moved to the top, words, texts, a date, a file chosen for uploads); a mineral already
 * answered and locked is left as it is. Returns the mineral types of the pebble.
 */
export async function answerChoices(page: Page, root: PlayerRoot): Promise<string[]> {
  const types: string[] = [];
  for (const section of await root.locator('section[data-mineral-type]').all()) {
    const type = (await section.getAttribute('data-mineral-type')) ?? '';
    types.push(type);
    if (
      !(await section
        .locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')
        .count())
    )
      continue;
    if (TEXT_ANSWERS[type]) await section.getByRole('textbox').fill(TEXT_ANSWERS[type]);
    else if (UPLOADS[type]) {
      if (await section.getByRole('button', { name: 'Delete file' }).count()) continue;
      await section.locator('input[type=file]').setInputFiles(UPLOADS[type]);
      await expect(section.getByRole('button', { name: 'Delete file' })).toBeVisible();
    } else if (type === 'date_input') {
      await section.getByRole('combobox', { name: 'Day' }).selectOption('01');
      await section.getByRole('combobox', { name: 'Month' }).selectOption('01');
      await section.getByRole('combobox', { name: 'Year' }).selectOption('2000');
    } else if (type === 'order') {
      const items = section.getByRole('listitem').getByRole('button');
      await items.last().focus();
      await page.keyboard.press('Space');
      for (let i = 1; i < (await items.count()); i++) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
    } else if (type === 'word_bubble') {
      for (const word of await section.getByRole('button', { pressed: false }).all()) await word.click();
    } else if (type === 'opinion') await pressChoice(page, section, 'radio', 7);
    else if (type === '5_point_rating') await pressChoice(page, section, 'radio', 3);
    else if (type.startsWith('ma_')) await pressChoice(page, section, 'checkbox', 0);
    else await pressChoice(page, section, 'radio', 0);
  }
  return types;
}

/**
 * Answers the pebble on screen and presses Next (or Finish); then, unless `stay` (offline, the trail's last pebble
 * stays on screen), waits through the check step's Continue until another pebble shows or `done`. Returns the
 * mineral types answered.
 */
export async function playPebble(
  page: Page,
  root: PlayerRoot,
  done: () => Promise<boolean> = async () => false,
  stay = false,
): Promise<string[]> {
  const form = root.locator('form[data-pebble-id]');
  await expect(form).toBeVisible();
  const id = await form.getAttribute('data-pebble-id');
  const types = await answerChoices(page, root);
  const next = root.getByRole('button', { name: /^(Next|Finish)$/ });
  await expect(next).toBeEnabled();
  await next.click();
  if (stay) return types;
  // a pebble with a right answer (or a shared poll) shows its check step first: Continue moves on
  const check = root.getByRole('button', { name: /^(Continue|See your result)$/ });
  await expect(async () => {
    if (await check.isVisible()) await check.click();
    const moved = (await root.locator(`form[data-pebble-id]:not([data-pebble-id="${id}"])`).count()) > 0;
    expect(moved || (await done())).toBe(true);
  }).toPass({ timeout: 15_000 });
  return types;
}

/** Answers pebble after pebble until `done`; returns every mineral type met on the way. */
export async function playChoicesToEnd(
  page: Page,
  root: PlayerRoot,
  done: () => Promise<boolean>,
): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let step = 0; step < 40; step++) {
    for (const t of await playPebble(page, root, done)) seen.add(t);
    if (await done()) return seen;
  }
  throw new Error('the trail did not finish within 40 pebbles');
}
