import type { Battle, ContendersPage, MyBattles } from '@cairn/shared/api/battles';
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { http } from '../../lib/http';
import { openLive } from '../../lib/socket';

export const battlesKey = ['battles'] as const;
export const battleKey = (id: number) => ['battles', id] as const;
export const myBattlesKey = ['battles', 'mine'] as const;
/** Every contender page of a trail (prefix of the per-search keys). */
export const contendersOf = (trailId: number) => ['contenders', trailId] as const;
const contendersKey = (trailId: number, search: string) => [...contendersOf(trailId), search] as const;

/** GET /api/battle/{id}: the battle as the viewer sees it. */
export const battleQuery = (id: number) =>
  queryOptions({
    queryKey: battleKey(id),
    queryFn: ({ signal }) => http.get<{ data: Battle }>(`/api/battle/${id}`, { signal }).then((r) => r.data),
  });

export function useBattle(id: number) {
  return useQuery({ ...battleQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** GET /api/me/battles: the summary and the newest battles. */
export function useMyBattles(enabled = true) {
  return useQuery({
    queryKey: myBattlesKey,
    enabled,
    queryFn: ({ signal }) => http.get<{ data: MyBattles }>('/api/me/battles', { signal }).then((r) => r.data),
  });
}

/** GET /api/game/contenders/{trailId}?search=&page=: who may be challenged, page by page. */
export function useContenders(trailId: number, search: string) {
  return useInfiniteQuery({
    queryKey: contendersKey(trailId, search),
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ page: String(pageParam) });
      if (search) q.set('search', search);
      return http.get<ContendersPage>(`/api/game/contenders/${trailId}?${q}`, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: ({ meta: { pagination: p } }) =>
      p.current_page < p.total_pages ? p.current_page + 1 : undefined,
    enabled: Number.isInteger(trailId) && trailId > 0,
  });
}

/** POST /api/game/challenge/{trailId}: the new battle. */
export function challenge(trailId: number, userId: number): Promise<Battle> {
  return http.post<{ data: Battle }>(`/api/game/challenge/${trailId}`, { user_id: userId }).then((r) => r.data);
}

/**
 * POST /api/battle/{id}/accept or /decline (only the challenged player, only while the challenge waits). A failed
 * accept is logged only (§8): no toast, the battle is read again; a failed decline shows the server's message.
 */
export function answerChallenge(id: number, accept: boolean): Promise<Battle> {
  return http
    .post<{ data: Battle }>(`/api/battle/${id}/${accept ? 'accept' : 'decline'}`, undefined, { quiet: accept })
    .then((r) => r.data);
}

/**
 * Accepts or declines a challenge and keeps the caches in step; resolves to the battle, or null when the server
 * refused. A failed accept is logged only (§8) and the battle is read again; a failed decline was toasted.
 */
export function useAnswerChallenge() {
  const qc = useQueryClient();
  return useCallback(
    async (id: number, accept: boolean): Promise<Battle | null> => {
      try {
        const battle = await answerChallenge(id, accept);
        qc.setQueryData(battleKey(id), battle);
        void qc.invalidateQueries({ queryKey: myBattlesKey });
        return battle;
      } catch (err) {
        if (accept) console.warn('accepting the challenge failed', err);
        void qc.invalidateQueries({ queryKey: battleKey(id) });
        return null;
      }
    },
    [qc],
  );
}

/** Refetches a battle (and the battle lists) whenever the server says it changed (BATTLE_UPDATE). */
export function useBattleLive(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = openLive();
    const onUpdate = ({ battle_id }: { battle_id: number }) => {
      void qc.invalidateQueries({ queryKey: battleKey(battle_id) });
      void qc.invalidateQueries({ queryKey: myBattlesKey });
    };
    socket.on('BATTLE_UPDATE', onUpdate);
    return () => {
      socket.off('BATTLE_UPDATE', onUpdate);
    };
  }, [enabled, qc]);
}

export { shortName } from './store';
