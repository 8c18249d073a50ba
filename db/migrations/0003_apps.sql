CREATE TABLE `app_chat_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`full_name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'offline' NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_chat_contacts_owner_idx` ON `app_chat_contacts` (`owner_id`);--> statement-breakpoint
CREATE TABLE `app_chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`from_owner` integer NOT NULL,
	`message` text NOT NULL,
	`time` text NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `app_chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_chat_messages_chat_idx` ON `app_chat_messages` (`chat_id`,`id`);--> statement-breakpoint
CREATE TABLE `app_chat_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'online' NOT NULL,
	`is_two_step` integer DEFAULT false NOT NULL,
	`is_notifications_on` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `app_chats` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`unseen_msgs` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `app_chat_contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `app_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`from_email` text NOT NULL,
	`from_name` text NOT NULL,
	`from_avatar` text DEFAULT '' NOT NULL,
	`to` text DEFAULT '[]' NOT NULL,
	`cc` text DEFAULT '[]' NOT NULL,
	`bcc` text DEFAULT '[]' NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`attachments` text DEFAULT '[]' NOT NULL,
	`is_starred` integer DEFAULT false NOT NULL,
	`labels` text DEFAULT '[]' NOT NULL,
	`time` text NOT NULL,
	`replies` text DEFAULT '[]' NOT NULL,
	`folder` text DEFAULT 'inbox' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_emails_owner_folder_idx` ON `app_emails` (`owner_id`,`folder`);--> statement-breakpoint
CREATE TABLE `app_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`title` text NOT NULL,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`all_day` integer DEFAULT false NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`calendar` text NOT NULL,
	`guests` text DEFAULT '[]' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_events_owner_idx` ON `app_events` (`owner_id`);--> statement-breakpoint
CREATE TABLE `app_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`title` text NOT NULL,
	`due_date` text,
	`description` text DEFAULT '' NOT NULL,
	`assignee_full_name` text,
	`assignee_avatar` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_important` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_tasks_owner_idx` ON `app_tasks` (`owner_id`);