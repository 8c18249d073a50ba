ALTER TABLE `leases` ADD `rebased_on` text;--> statement-breakpoint
ALTER TABLE `leases` ADD `rebased_balance` integer;--> statement-breakpoint
CREATE INDEX `leases_funder_id_idx` ON `leases` (`funder_id`,`id`);