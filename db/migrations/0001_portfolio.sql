CREATE TABLE `funders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`base_currency` text DEFAULT 'EUR' NOT NULL,
	`buy_rate` real NOT NULL,
	`discount_rate` real,
	`discount_convention` text DEFAULT 'monthly' NOT NULL,
	`rate_convention` text DEFAULT 'nominal' NOT NULL,
	`facility_rate` real NOT NULL,
	`advance_rate` real DEFAULT 1 NOT NULL,
	`vat_default` real DEFAULT 0 NOT NULL,
	`servicing_fee` real DEFAULT 0 NOT NULL,
	`allocation_order` text DEFAULT 'vat,fee,interest,principal' NOT NULL,
	`bucket_edges` text DEFAULT '[30,60,90]' NOT NULL,
	`materiality_tolerance` integer DEFAULT 100 NOT NULL,
	`grace_days` integer DEFAULT 0 NOT NULL,
	`data_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lease_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lease_id` integer NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`changes` text DEFAULT '{}' NOT NULL,
	`user_id` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lease_history_lease_idx` ON `lease_history` (`lease_id`);--> statement-breakpoint
CREATE TABLE `leases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lessee_id` integer NOT NULL,
	`contract_number` text NOT NULL,
	`asset_type` text NOT NULL,
	`asset_description` text DEFAULT '' NOT NULL,
	`condition` text DEFAULT 'new' NOT NULL,
	`currency` text NOT NULL,
	`price` integer NOT NULL,
	`down_payment` integer DEFAULT 0 NOT NULL,
	`principal` integer NOT NULL,
	`residual` integer DEFAULT 0 NOT NULL,
	`term` integer NOT NULL,
	`rate` real NOT NULL,
	`timing` text NOT NULL,
	`frequency` text DEFAULT 'monthly' NOT NULL,
	`first_due_date` text NOT NULL,
	`vat_rate` real DEFAULT 0 NOT NULL,
	`vat_regime` text DEFAULT 'per-instalment' NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`fee_financed` integer DEFAULT false NOT NULL,
	`instalment` integer NOT NULL,
	`purchase_date` text NOT NULL,
	`agreed_purchase_price` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lessee_id`) REFERENCES `lessees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leases_contract_number_unique` ON `leases` (`contract_number`);--> statement-breakpoint
CREATE INDEX `leases_funder_status_idx` ON `leases` (`funder_id`,`status`);--> statement-breakpoint
CREATE INDEX `leases_lessee_idx` ON `leases` (`lessee_id`);--> statement-breakpoint
CREATE INDEX `leases_funder_currency_idx` ON `leases` (`funder_id`,`currency`);--> statement-breakpoint
CREATE INDEX `leases_funder_asset_idx` ON `leases` (`funder_id`,`asset_type`);--> statement-breakpoint
CREATE TABLE `lessees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`id_odoo` text,
	`name` text NOT NULL,
	`tax_id` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`industry` text DEFAULT '' NOT NULL,
	`contact` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lessees_funder_idx` ON `lessees` (`funder_id`);--> statement-breakpoint
CREATE INDEX `lessees_name_idx` ON `lessees` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `lessees_odoo_idx` ON `lessees` (`funder_id`,`id_odoo`);--> statement-breakpoint
CREATE TABLE `portfolio_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`module` text NOT NULL,
	`name` text NOT NULL,
	`columns` text DEFAULT '[]' NOT NULL,
	`filters` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `portfolio_views_user_module_name_idx` ON `portfolio_views` (`user_id`,`module`,`name`);--> statement-breakpoint
CREATE TABLE `quotation_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quotation_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`user_id` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`quotation_id`) REFERENCES `quotations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quotation_history_quotation_idx` ON `quotation_history` (`quotation_id`);--> statement-breakpoint
CREATE TABLE `quotations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`lessee_id` integer NOT NULL,
	`asset_type` text NOT NULL,
	`asset_description` text DEFAULT '' NOT NULL,
	`condition` text DEFAULT 'new' NOT NULL,
	`currency` text NOT NULL,
	`price` integer NOT NULL,
	`down_payment` integer DEFAULT 0 NOT NULL,
	`residual` integer DEFAULT 0 NOT NULL,
	`term` integer NOT NULL,
	`rate` real NOT NULL,
	`timing` text NOT NULL,
	`frequency` text DEFAULT 'monthly' NOT NULL,
	`first_due_date` text NOT NULL,
	`vat_rate` real DEFAULT 0 NOT NULL,
	`vat_regime` text DEFAULT 'per-instalment' NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`fee_financed` integer DEFAULT false NOT NULL,
	`instalment` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`external_id` text,
	`last_sync_at` integer,
	`lease_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lessee_id`) REFERENCES `lessees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quotations_funder_status_idx` ON `quotations` (`funder_id`,`status`);--> statement-breakpoint
CREATE TABLE `schedule_rows` (
	`lease_id` integer NOT NULL,
	`period` integer NOT NULL,
	`due_date` text NOT NULL,
	`instalment` integer NOT NULL,
	`interest` integer NOT NULL,
	`principal` integer NOT NULL,
	`vat` integer NOT NULL,
	`fee` integer NOT NULL,
	`gross` integer NOT NULL,
	`balance_after` integer NOT NULL,
	PRIMARY KEY(`lease_id`, `period`),
	FOREIGN KEY (`lease_id`) REFERENCES `leases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedule_rows_due_idx` ON `schedule_rows` (`due_date`);