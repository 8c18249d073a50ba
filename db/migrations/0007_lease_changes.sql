CREATE TABLE `lease_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lease_id` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lease_changes_funder_seq_idx` ON `lease_changes` (`funder_id`,`seq`);