CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`user_id` integer,
	`user_email` text DEFAULT '' NOT NULL,
	`funder_id` integer,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_user_idx` ON `audit_log` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `user_funders` (
	`user_id` integer NOT NULL,
	`funder_id` integer NOT NULL,
	`assigned_by` integer,
	`assigned_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `funder_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_funders_funder_idx` ON `user_funders` (`funder_id`);--> statement-breakpoint
ALTER TABLE `funders` ADD `four_eyes` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
INSERT INTO `user_funders` (`user_id`, `funder_id`, `assigned_at`) SELECT u.`id`, f.`id`, CAST(strftime('%s','now') AS integer) * 1000 FROM `users` u, `funders` f WHERE u.`role` IN ('analyst', 'viewer');
