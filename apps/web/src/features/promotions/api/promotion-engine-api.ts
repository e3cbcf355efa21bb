import type { ApplyResult, MyPromotion, PromotionRules } from '@lotus/shared/promotion-engine.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';

export type { ApplyResult, MyPromotion, PromotionRules };

/**
 * TanStack Query keys of the promotion engine. The member's statuses are under ['member'] (logging out
 * forgets them); an apply or claim invalidates them, the wallet's views and the bonus list (the bonus-details
 * feature's `['member', 'bonuses']`, repeated here because features do not import each other).
 */
export const PROMOTION_ENGINE_KEYS = {
  rules: (id: number) => ['promotions', 'rules', id] as const,
  mine: ['member', 'promotions'] as const,
  bonuses: ['member', 'bonuses'] as const,
  wallet: ['wallet'] as const,
};

/** GET /wps/promotions/:id/rules (anyone): the rules, null for a promotion without any. */
export function usePromotionRules(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: PROMOTION_ENGINE_KEYS.rules(id ?? 0),
      queryFn: ({ signal }) =>
        apiGet<{ rules: PromotionRules | null }>(`/wps/promotions/${id}/rules`, signal ? { signal } : {}),
    }),
    enabled: id !== null,
  });
}

/** GET /wps/member/promotions: every active promotion's SPEC §4 status for the member (with a session). */
export function useMyPromotions() {
  const hasSession = useSessionStore((state) => state.token !== null);
  return useQuery({
    queryKey: PROMOTION_ENGINE_KEYS.mine,
    queryFn: ({ signal }) =>
      apiGet<{ list: MyPromotion[] }>('/wps/member/promotions', signal ? { signal } : {}),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** What the player sends: the form's remark and pictures (multipart), or nothing (join); or a claim. */
export type ApplyInput = {
  promotionId: number;
  action: 'apply' | 'join' | 'claim';
  remark: string;
  images: readonly File[];
};

/**
 * POST /wps/member/promotions/:id/apply (multipart with the form, else no body) or …/claim, with the
 * intent's Idempotency-Key: a retry after a lost answer never applies or claims twice.
 */
export function sendApplication(input: ApplyInput, idempotencyKey: string): Promise<ApplyResult> {
  const headers = { headers: { 'Idempotency-Key': idempotencyKey } };
  const base = `/wps/member/promotions/${input.promotionId}`;
  if (input.action === 'claim') return apiSend<ApplyResult>('POST', `${base}/claim`, undefined, headers);
  if (input.action === 'join') return apiSend<ApplyResult>('POST', `${base}/apply`, undefined, headers);
  const form = new FormData();
  if (input.remark.trim() !== '') form.append('remark', input.remark.trim());
  for (const image of input.images) form.append('images', image, image.name);
  return apiSend<ApplyResult>('POST', `${base}/apply`, form, headers);
}
