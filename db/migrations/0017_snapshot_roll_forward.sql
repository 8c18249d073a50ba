ALTER TABLE `lease_snapshots` ADD `in_pool` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `lease_snapshots` ADD `purchased_principal` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lease_snapshots` ADD `written_off_principal` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The stored month-end snapshots were built under the earlier definitions (outstanding = principal not yet paid, repaid
-- leases kept in the pool, written-off leases absent, so cumulative net loss was 0). They are derived data: each closed
-- month is rebuilt from the schedules and the ledger the first time a report needs it (domain.md §9, §14).
DELETE FROM `lease_snapshots`;--> statement-breakpoint
DELETE FROM `snapshot_months`;--> statement-breakpoint
DELETE FROM `facility_metric_results`;
