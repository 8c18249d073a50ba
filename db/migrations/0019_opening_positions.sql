CREATE TABLE `opening_positions` (
	`lease_id` integer PRIMARY KEY NOT NULL,
	`funder_id` integer NOT NULL,
	`as_of` text NOT NULL,
	`days_past_due` integer DEFAULT 0 NOT NULL,
	`arrears_vat` integer DEFAULT 0 NOT NULL,
	`arrears_fee` integer DEFAULT 0 NOT NULL,
	`arrears_interest` integer DEFAULT 0 NOT NULL,
	`arrears_principal` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
