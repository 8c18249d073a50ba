CREATE TABLE `funder_change_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`proposed_by` integer,
	`proposed_by_email` text DEFAULT '' NOT NULL,
	`proposed_at` integer NOT NULL,
	`changes` text NOT NULL,
	`base` text NOT NULL,
	`base_data_version` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`decided_by_email` text,
	`decided_at` integer,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `funder_change_proposals_funder_idx` ON `funder_change_proposals` (`funder_id`,`status`);