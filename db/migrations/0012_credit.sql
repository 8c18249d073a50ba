CREATE TABLE `credit_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lease_id` integer NOT NULL,
	`kind` text DEFAULT 'utp' NOT NULL,
	`flagged_on` text NOT NULL,
	`reason` text NOT NULL,
	`flagged_by` integer,
	`flagged_at` integer NOT NULL,
	`cleared_on` text,
	`clear_reason` text DEFAULT '' NOT NULL,
	`cleared_by` integer,
	`cleared_at` integer,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`flagged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cleared_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credit_flags_funder_idx` ON `credit_flags` (`funder_id`,`lease_id`);--> statement-breakpoint
CREATE INDEX `credit_flags_lease_idx` ON `credit_flags` (`lease_id`);--> statement-breakpoint
CREATE TABLE `recoveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lease_id` integer NOT NULL,
	`received_on` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`kind` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recoveries_funder_idx` ON `recoveries` (`funder_id`,`received_on`);--> statement-breakpoint
CREATE INDEX `recoveries_lease_idx` ON `recoveries` (`lease_id`);--> statement-breakpoint
CREATE TABLE `write_offs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lease_id` integer NOT NULL,
	`write_off_on` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`proposed_by` integer,
	`proposed_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`decision_note` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `write_offs_funder_idx` ON `write_offs` (`funder_id`,`status`);--> statement-breakpoint
CREATE INDEX `write_offs_lease_idx` ON `write_offs` (`lease_id`);--> statement-breakpoint
ALTER TABLE `funders` ADD `credit_abs_retail` integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE `funders` ADD `credit_abs_other` integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE `funders` ADD `credit_relative` real DEFAULT 0.01 NOT NULL;--> statement-breakpoint
ALTER TABLE `funders` ADD `credit_probation_months` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `funders` ADD `credit_contagion` real DEFAULT 0.2 NOT NULL;--> statement-breakpoint
ALTER TABLE `funders` ADD `provision_matrix` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `leases` ADD `written_off_on` text;--> statement-breakpoint
ALTER TABLE `lessees` ADD `kind` text DEFAULT 'corporate' NOT NULL;--> statement-breakpoint
-- The lease status is no longer typed "defaulted" (domain.md §8: derived). A hand-set default is kept as an unlikely-to-pay flag.
INSERT INTO `credit_flags` (`funder_id`, `lease_id`, `kind`, `flagged_on`, `reason`, `flagged_at`) SELECT `funder_id`, `id`, 'utp', date(`updated_at` / 1000, 'unixepoch'), 'Hand-set status "defaulted" before the credit module', `updated_at` FROM `leases` WHERE `status` = 'defaulted';--> statement-breakpoint
UPDATE `leases` SET `status` = 'active' WHERE `status` = 'defaulted';
