import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

// Playing a trail through the player's screens, in the page or inside a frame (the LTI journey plays framed in an
// LMS's course page): answers every mineral with something its rules accept, pebble after pebble.

/** Where the player is: the page itself, or a frame of it. */
export type PlayerRoot = Page | FrameLocator;

/** Chooses the radio or checkbox at `index` by keyboard, as a learner without a mouse would. */
async function pressChoice(page: Page, section: Locator, role: 'radio' | 'checkbox', index: number) {
  const options = section.getByRole(role);
  await expect(options.first()).toBeVisible();
  await options.nth(Math.min(index, (await options.count()) - 1)).focus();
  await page.keyboard.press('Space');
}

const TEXT_ANSWERS: Record<string, string> = {
  text_input: 'A spider has eight legs.',
  number_input: '8',
  email_input: 'learner@example.com',
  url_input: 'https://example.com/portfolio',
};

/** Gives every mineral of the current pebble an answer (the demo exam's kinds: choices, order, words, text, dates). */
export async function answerChoices(page: Page, root: PlayerRoot): Promise<void> {
  for (const section of await root.locator('section[data-mineral-type]').all()) {
    const type = (await section.getAttribute('data-mineral-type')) ?? '';
    if (
      !(await section
        .locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')
        .count())
    )
      continue;
    if (TEXT_ANSWERS[type]) await section.getByRole('textbox').fill(TEXT_ANSWERS[type]);
    else if (type === 'date_input') {
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
    } else if (type.startsWith('ma_')) await pressChoice(page, section, 'checkbox', 0);
    else await pressChoice(page, section, 'radio', 0);
  }
}

/** Answers pebble after pebble (Next or Finish, then the check step's Continue) until `done`. */
export async function playChoicesToEnd(page: Page, root: PlayerRoot, done: () => Promise<boolean>): Promise<void> {
  for (let step = 0; step < 40; step++) {
    const form = root.locator('form[data-pebble-id]');
    await expect(form).toBeVisible();
    const id = await form.getAttribute('data-pebble-id');
    await answerChoices(page, root);
    const next = root.getByRole('button', { name: /^(Next|Finish)$/ });
    await expect(next).toBeEnabled();
    await next.click();
    const check = root.getByRole('button', { name: /^(Continue|See your result)$/ });
    await expect(async () => {
      if (await check.isVisible()) await check.click();
      const moved = (await root.locator(`form[data-pebble-id]:not([data-pebble-id="${id}"])`).count()) > 0;
      expect(moved || (await done())).toBe(true);
    }).toPass({ timeout: 15_000 });
    if (await done()) return;
  }
  throw new Error('the trail did not finish within 40 pebbles');
}
