-- Decision 0069. The queues of the list jobs (scoring, and the kept blood results) move from pg-boss's
-- 'stately' policy, whose fetch stalls a whole queue behind one list's waiting job, to 'short' (one
-- waiting job per list; the worker keeps one running). pg-boss never changes a queue it has made, and
-- copies the queue's policy into each job as it is queued: both are changed here, the jobs not yet
-- finished with them. A database whose queues pg-boss has not made yet (a new one: the migrations
-- run first) has nothing to change, and its queues are made 'short'.
DO $$
BEGIN
  IF to_regclass('pgboss.queue') IS NOT NULL THEN
    UPDATE pgboss.queue SET policy = 'short', updated_on = now()
      WHERE name IN ('infer-batch.v1', 'apply-kept-results.v1') AND policy IS DISTINCT FROM 'short';
    UPDATE pgboss.job SET policy = 'short'
      WHERE name IN ('infer-batch.v1', 'apply-kept-results.v1') AND state < 'completed'
        AND policy IS DISTINCT FROM 'short';
  END IF;
END
$$;
