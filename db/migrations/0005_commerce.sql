CREATE TABLE `cart_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`qty` integer DEFAULT 1 NOT NULL,
	`offers` integer NOT NULL,
	`discount_percentage` integer NOT NULL,
	`shipping_date` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_user_product_idx` ON `cart_items` (`user_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `invoice_clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lessee_id` integer,
	`name` text NOT NULL,
	`company` text NOT NULL,
	`company_email` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`contact` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`lessee_id`) REFERENCES `lessees`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invoice_clients_name_idx` ON `invoice_clients` (`name`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`payment_account_id` integer NOT NULL,
	`kind` text NOT NULL,
	`service` text NOT NULL,
	`issued_date` text NOT NULL,
	`due_date` text NOT NULL,
	`currency` text NOT NULL,
	`total` integer NOT NULL,
	`balance` integer NOT NULL,
	`invoice_status` text NOT NULL,
	`avatar` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `invoice_clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_account_id`) REFERENCES `payment_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoices_client_idx` ON `invoices` (`client_id`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`invoice_status`);--> statement-breakpoint
CREATE TABLE `payment_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_name` text NOT NULL,
	`country` text NOT NULL,
	`iban` text NOT NULL,
	`swift_code` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text NOT NULL,
	`brand` text NOT NULL,
	`price` integer NOT NULL,
	`currency` text NOT NULL,
	`image` text,
	`has_free_shipping` integer DEFAULT false NOT NULL,
	`rating` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);--> statement-breakpoint
CREATE TABLE `wishlist_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wishlist_items_user_product_idx` ON `wishlist_items` (`user_id`,`product_id`);