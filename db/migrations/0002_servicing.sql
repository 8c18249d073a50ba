CREATE TABLE `payment_allocations` (
	`payment_id` integer NOT NULL,
	`lease_id` integer NOT NULL,
	`period` integer NOT NULL,
	`component` text NOT NULL,
	`amount` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_allocations_lease_idx` ON `payment_allocations` (`lease_id`,`period`);--> statement-breakpoint
CREATE INDEX `payment_allocations_payment_idx` ON `payment_allocations` (`payment_id`);--> statement-breakpoint
CREATE TABLE `payment_import_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`line_no` integer NOT NULL,
	`received_on` text,
	`amount` integer,
	`currency` text,
	`reference` text DEFAULT '' NOT NULL,
	`contract_number` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`payment_id` integer,
	FOREIGN KEY (`import_id`) REFERENCES `payment_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_import_lines_import_idx` ON `payment_import_lines` (`import_id`,`line_no`);--> statement-breakpoint
CREATE TABLE `payment_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`line_count` integer NOT NULL,
	`matched_count` integer NOT NULL,
	`unmatched_count` integer NOT NULL,
	`invalid_count` integer NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payment_imports_funder_idx` ON `payment_imports` (`funder_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lease_id` integer NOT NULL,
	`kind` text DEFAULT 'payment' NOT NULL,
	`reverses_id` integer,
	`received_on` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`method` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`import_id` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_lease_idx` ON `payments` (`lease_id`,`received_on`);--> statement-breakpoint
CREATE INDEX `payments_funder_date_idx` ON `payments` (`funder_id`,`received_on`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reverses_idx` ON `payments` (`reverses_id`);--> statement-breakpoint
CREATE TABLE `report_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`kind` text NOT NULL,
	`period` text DEFAULT '' NOT NULL,
	`format` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`data` blob NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_files_funder_kind_idx` ON `report_files` (`funder_id`,`kind`,`created_at`);