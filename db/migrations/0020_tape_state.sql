CREATE TABLE `tape_import_roll_forward` (
	`import_id` integer NOT NULL,
	`contract_number` text NOT NULL,
	`row` integer,
	`lease_id` integer,
	`currency` text NOT NULL,
	`kind` text NOT NULL,
	`previous_balance` integer,
	`previous_date` text,
	`scheduled` integer DEFAULT 0 NOT NULL,
	`charged_off` integer DEFAULT 0 NOT NULL,
	`expected` integer,
	`balance` integer,
	`difference` integer,
	`decision` text,
	`note` text DEFAULT '' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	PRIMARY KEY(`import_id`, `contract_number`),
	FOREIGN KEY (`import_id`) REFERENCES `tape_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tape_import_roll_forward_kind_idx` ON `tape_import_roll_forward` (`import_id`,`kind`);--> statement-breakpoint
ALTER TABLE `funders` ADD `import_instalment_tolerance` real DEFAULT 0.02 NOT NULL;--> statement-breakpoint
ALTER TABLE `opening_positions` ADD `defaulted_on` text;--> statement-breakpoint
ALTER TABLE `opening_positions` ADD `default_amount` integer;--> statement-breakpoint
ALTER TABLE `opening_positions` ADD `recoveries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `opening_positions` ADD `last_in_arrears_on` text;--> statement-breakpoint
ALTER TABLE `opening_positions` ADD `reported_status` text;--> statement-breakpoint
ALTER TABLE `opening_positions` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `tape_import_sources` ADD `fixed` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `fixed` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `rate_readings` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `instalment_check` text;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `upload_day` text;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `tape_date` text;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `previous_import_id` integer;--> statement-breakpoint
ALTER TABLE `tape_imports` ADD `roll_forward` text;