import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PooledTestApp, startPooledTestApp } from '../../../test/helpers/build-test-app.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { usePostgresConnections } from '../../../test/helpers/postgres-budget.ts';
import { createPreparedTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.ts';
import { FEEDBACK_GATE } from './feedback.service.ts';

/**
 * The per-IP feedback budget (5 per 10 minutes, docs/api.md "Limits") under 50 requests at once, sent to
 * two server processes on one database (two apps, each with its own pool), as a deployment with more
 * than one process sees them. The tickets stored prove how many were accepted. PostgreSQL only.
 */

const POOL = 10;
const BURST = 50;

usePostgresConnections(40);

describe('feedback limit under 50 requests at once on two processes [postgres]', () => {
  let database: TestDatabase;
  const processes: PooledTestApp[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createPreparedTestDatabase('postgres');
    for (let process = 0; process < 2; process += 1) {
      const started = await startPooledTestApp({ pool: POOL, database });
      processes.push(started);
      apps.push(started.app);
    }
  });
  afterAll(async () => {
    for (const started of processes) await started.close();
    await database?.close();
  });

  const submit = (index: number, ip: string) => {
    const { payload, headers } = multipartBody({
      questionType: 'other',
      content: `Feedback number ${index} from the burst.`,
    });
    return apps[index % apps.length]?.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload,
      headers: { ...headers, 'x-forwarded-for': ip },
    });
  };
  const ticketsFrom = async (ip: string) => {
    const row = await database.db
      .selectFrom('feedback_tickets')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  it('50 submissions at once from one IP, split over two processes: 5 tickets', async () => {
    const ip = '10.2.0.1';
    const responses = await Promise.all(Array.from({ length: BURST }, (_, index) => submit(index, ip)));
    const ok = responses.filter((response) => response?.statusCode === 200).length;
    const refused = responses.filter(
      (response) => response?.statusCode === 429 && response.json().message === 'too_many_requests',
    ).length;
    expect({ ok, refused }).toEqual({ ok: FEEDBACK_GATE.limit, refused: BURST - FEEDBACK_GATE.limit });
    expect(await ticketsFrom(ip)).toBe(FEEDBACK_GATE.limit);
  });

  it('one after another, alternating between the two processes: still 5 tickets, not 5 each', async () => {
    const ip = '10.2.0.2';
    const statuses: number[] = [];
    for (let index = 0; index < 2 * FEEDBACK_GATE.limit; index += 1) {
      statuses.push((await submit(index, ip))?.statusCode ?? 0);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(FEEDBACK_GATE.limit);
    expect(await ticketsFrom(ip)).toBe(FEEDBACK_GATE.limit);
  });
});
