ALTER TABLE `leases` ADD `rebased_on` text;--> statement-breakpoint
ALTER TABLE `leases` ADD `rebased_balance` integer;