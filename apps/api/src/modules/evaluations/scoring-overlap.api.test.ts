import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { generatedWaitingList } from '../../test/factories/generated-lists.js';
import {
  createClericalTrust,
  decide,
  idle,
  jobsSettled,
  uploadFiles,
  validated,
} from '../../test/factories/waiting-list.js';
import { scorePending, scoringChunk } from './scoring.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// Two scoring runs of one list overlap when pg-boss hands a job on while its first run still goes
// on (a worker thought stopped, or a run past its expiry), or when a confirm scores the rows a run
// is scoring. A pathway must still get one evaluation of a model version (docs/architecture.md,
// Evaluations).
describe(`two scoring runs of one list at once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('score each pathway once between them', async () => {
    const who = await createClericalTrust(t);
    const rows = scoringChunk * 2 + 500;
    const list = generatedWaitingList(rows, { seed: 11, firstNumber: 300_000 });
    // Imported with no active model, so that the whole list waits for a scoring run.
    await t.app.db.execute(
      sql`update ml_models set is_active = false where trust_code = ${who.trustCode} and procedure_code = 'knee'`,
    );
    const upload = await uploadFiles(
      t,
      who,
      'knee',
      { name: 'ptl.csv', bytes: list.waitingListCsv },
      { name: 'bloods.csv', bytes: list.bloodTestCsv },
    );
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    await validated(t, who, 'knee', batchId);
    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    // The confirm's own scoring run, queued after the status turned idle, would otherwise find the
    // model activated below and score the list before the two runs this test starts.
    await jobsSettled(t, who);
    await t.app.db.execute(
      sql`update ml_models set is_active = true where id = (select id from ml_models
        where trust_code = ${who.trustCode} and procedure_code = 'knee' order by version desc limit 1)`,
    );

    const runs = await Promise.all([
      scorePending(t.app.db, t.app.database, who.trustCode, 'knee'),
      scorePending(t.app.db, t.app.database, who.trustCode, 'knee'),
    ]);
    expect(runs[0]! + runs[1]!).toBe(rows);
    const [counts] = await queryRows<{
      evaluations: number;
      pathways: number;
      current: number;
      twice: number;
    }>(
      t.app.db,
      sql`select count(*)::int as evaluations, count(distinct e.pathway_id)::int as pathways,
          (count(*) filter (where p.current_evaluation_id = e.id))::int as current,
          (select count(*)::int from (select 1 from evaluations where trust_code = ${who.trustCode}
            group by pathway_id, model_id having count(*) > 1) d) as twice
        from evaluations e join pathways p on p.id = e.pathway_id where e.trust_code = ${who.trustCode}`,
    );
    expect(counts).toEqual({ evaluations: rows, pathways: rows, current: rows, twice: 0 });
  });
});
