CREATE TABLE `scenarios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`name` text NOT NULL,
	`cpr` real NOT NULL,
	`cdr` real NOT NULL,
	`severity` real NOT NULL,
	`lag_months` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scenarios_funder_name_idx` ON `scenarios` (`funder_id`,`name`);