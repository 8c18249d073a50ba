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
ALTER TABLE `tape_imports` ADD `upload_day` text;