// zod-free on purpose: the web's rewards list imports this without pulling the contract's schemas into its chunk

export const REWARD_SORTS = ['itemDate', 'itemNameAsc', 'itemNameDesc'] as const;
export type RewardSort = (typeof REWARD_SORTS)[number];

/** Sorts rewards for the list on /me: itemDate newest first, or by title. */
export function sortRewards<T extends { title: string; created_at: string; id: number }>(
  list: T[],
  mode: RewardSort,
): T[] {
  const copy = [...list];
  if (mode === 'itemDate') return copy.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const dir = mode === 'itemNameAsc' ? 1 : -1;
  return copy.sort((a, b) => dir * a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.id - b.id);
}
