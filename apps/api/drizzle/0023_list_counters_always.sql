-- Decision 0033. The triggers that keep each list's counters fire whatever the session's replication
-- role: the embedded database writes a confirm's pathways with the per-row foreign-key checks off
-- (session_replication_role = replica), and the counters must still follow every pathway written.
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_counts_insert";--> statement-breakpoint
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_counts_update";--> statement-breakpoint
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_counts_delete";--> statement-breakpoint
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_counts_truncate";
