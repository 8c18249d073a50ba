CREATE TABLE `facilities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`name` text NOT NULL,
	`lender` text NOT NULL,
	`currency` text NOT NULL,
	`commitment` integer NOT NULL,
	`advance_rate` real NOT NULL,
	`reserves` integer DEFAULT 0 NOT NULL,
	`start_date` text NOT NULL,
	`maturity_date` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facilities_funder_idx` ON `facilities` (`funder_id`);--> statement-breakpoint
CREATE TABLE `facility_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`facility_id` integer NOT NULL,
	`as_of` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`summary` text NOT NULL,
	`xlsx` blob NOT NULL,
	`xlsx_sha256` text NOT NULL,
	`pdf` blob,
	`pdf_sha256` text,
	`prepared_by` integer,
	`prepared_by_email` text DEFAULT '' NOT NULL,
	`prepared_at` integer NOT NULL,
	`decided_by` integer,
	`decided_by_email` text,
	`decided_at` integer,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prepared_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `facility_certificates_facility_idx` ON `facility_certificates` (`facility_id`,`as_of`);--> statement-breakpoint
CREATE TABLE `facility_covenants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`facility_id` integer NOT NULL,
	`metric` text NOT NULL,
	`operator` text NOT NULL,
	`steps` text NOT NULL,
	`warning_margin` real DEFAULT 0 NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facility_covenants_facility_idx` ON `facility_covenants` (`facility_id`);--> statement-breakpoint
CREATE TABLE `facility_criteria` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`facility_id` integer NOT NULL,
	`kind` text NOT NULL,
	`value` real,
	`values` text,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facility_criteria_facility_idx` ON `facility_criteria` (`facility_id`);--> statement-breakpoint
CREATE TABLE `facility_draws` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`facility_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`value_date` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requested_by` integer,
	`requested_by_email` text DEFAULT '' NOT NULL,
	`requested_at` integer NOT NULL,
	`decided_by` integer,
	`decided_by_email` text,
	`decided_at` integer,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `facility_draws_facility_idx` ON `facility_draws` (`facility_id`,`status`,`value_date`);--> statement-breakpoint
CREATE TABLE `facility_limits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`facility_id` integer NOT NULL,
	`group_by` text NOT NULL,
	`kind` text NOT NULL,
	`value` real NOT NULL,
	`top_n` integer,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facility_limits_facility_idx` ON `facility_limits` (`facility_id`);--> statement-breakpoint
CREATE TABLE `facility_metric_results` (
	`facility_id` integer NOT NULL,
	`month_end` text NOT NULL,
	`metrics` text NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facility_metric_results_pk` ON `facility_metric_results` (`facility_id`,`month_end`);