CREATE TABLE `lease_snapshots` (
	`funder_id` integer NOT NULL,
	`month` text NOT NULL,
	`lease_id` integer NOT NULL,
	`contract_number` text NOT NULL,
	`currency` text NOT NULL,
	`purchase_date` text NOT NULL,
	`origination_date` text NOT NULL,
	`original_principal` integer NOT NULL,
	`start_balance` integer NOT NULL,
	`balance` integer NOT NULL,
	`scheduled_principal` integer NOT NULL,
	`actual_principal` integer NOT NULL,
	`unscheduled_principal` integer NOT NULL,
	`interest` integer NOT NULL,
	`dpd` integer NOT NULL,
	`bucket` text NOT NULL,
	`status` text NOT NULL,
	`first_default_date` text,
	`default_amount` integer NOT NULL,
	`default_principal` integer NOT NULL,
	`written_off` integer NOT NULL,
	`recoveries` integer NOT NULL,
	PRIMARY KEY(`funder_id`, `month`, `lease_id`),
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `snapshot_months` (
	`funder_id` integer NOT NULL,
	`month` text NOT NULL,
	`month_end` text NOT NULL,
	`lease_count` integer NOT NULL,
	`aggregates` text NOT NULL,
	`built_at` integer NOT NULL,
	PRIMARY KEY(`funder_id`, `month`),
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
);
