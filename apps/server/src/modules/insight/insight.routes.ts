import { insightResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam, trustedResponse } from '../../lib/route-schemas';
import { insightCsv } from './insight.csv';
import { INSIGHT_SETTLE_JOB } from './insight.jobs';
import { getInsight } from './insight.service';

/** Coach insight (docs/insight.md): the customer's coaches and admins only. */
export default async function insightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['coach'];
  const auth = { onRequest: app.authenticate };
  const params = z.object({ trail_id: idParam });

  /** Reads the figures; when the settled ones are older than the last change, a settling job is queued. */
  async function read(request: Parameters<typeof actorOf>[0], trailId: number) {
    const insight = await getInsight(app.db, actorOf(request), trailId);
    const stale = insight.settled_at === null || insight.settled_attempts !== insight.summary.attempts;
    if (stale && insight.summary.attempts > 0) {
      await app.jobs.enqueue(
        INSIGHT_SETTLE_JOB,
        { trailId },
        { jobId: `insight-settle-${trailId}-${insight.summary.attempts}-${insight.settled_at ?? 'never'}` },
      );
    }
    return insight;
  }

  app.get(
    '/api/coach/insight/:trail_id',
    {
      ...auth,
      // built by the service from typed rows (tens of KB at 50 pebbles): no zod pass over the body on the way out
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        operationId: 'getCoachInsight',
        summary:
          "A trail's item statistics (Moodle's definitions: facility, sd, random guess, discrimination, efficiency, " +
          'weights, flags), each option of its choice pebbles, the test statistics, the drop-off funnel and the ' +
          'survey distributions. Percentages 0–100.',
        params,
        response: { 200: insightResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await read(request, request.params.trail_id) }),
  );

  app.get(
    '/api/coach/insight/:trail_id/csv',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        operationId: 'getCoachInsightCsv',
        summary: 'The pebbles table and the options table of the insight as CSV (UTF-8, percentages 0–100)',
        params,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const insight = await read(request, request.params.trail_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="insight-${insight.trail.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(insightCsv(insight));
    },
  );
}
