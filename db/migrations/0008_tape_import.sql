CREATE TABLE `tape_import_exceptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`row` integer NOT NULL,
	`column` text NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	`rule` text NOT NULL,
	`severity` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `tape_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tape_import_exceptions_import_idx` ON `tape_import_exceptions` (`import_id`,`rule`,`row`);--> statement-breakpoint
CREATE TABLE `tape_import_rows` (
	`import_id` integer NOT NULL,
	`row` integer NOT NULL,
	`cells` text NOT NULL,
	`action` text,
	`contract_number` text DEFAULT '' NOT NULL,
	`result` text,
	`lease_id` integer,
	PRIMARY KEY(`import_id`, `row`),
	FOREIGN KEY (`import_id`) REFERENCES `tape_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `tape_import_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`name` text NOT NULL,
	`mapping` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tape_import_sources_funder_name_idx` ON `tape_import_sources` (`funder_id`,`name`);--> statement-breakpoint
CREATE TABLE `tape_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`source_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`file_path` text,
	`format` text NOT NULL,
	`sheet` text,
	`sheets` text DEFAULT '[]' NOT NULL,
	`encoding` text,
	`delimiter` text,
	`detected_decimal` text,
	`decimal` text,
	`detected_date_format` text,
	`date_format` text,
	`mode` text NOT NULL,
	`status` text NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`error_code` text,
	`error` text,
	`headers` text DEFAULT '[]' NOT NULL,
	`mapping` text DEFAULT '{}' NOT NULL,
	`duplicate_headers` text DEFAULT '[]' NOT NULL,
	`row_count` integer DEFAULT 0 NOT NULL,
	`new_count` integer DEFAULT 0 NOT NULL,
	`updated_count` integer DEFAULT 0 NOT NULL,
	`unchanged_count` integer DEFAULT 0 NOT NULL,
	`rejected_count` integer DEFAULT 0 NOT NULL,
	`warning_count` integer DEFAULT 0 NOT NULL,
	`skip_rejected` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`validated_at` integer,
	`committed_by` integer,
	`committed_at` integer,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_id`) REFERENCES `tape_import_sources`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`committed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tape_imports_funder_idx` ON `tape_imports` (`funder_id`,`id`);--> statement-breakpoint
DROP INDEX `leases_contract_number_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `leases_funder_contract_idx` ON `leases` (`funder_id`,`contract_number`);