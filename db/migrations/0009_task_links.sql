ALTER TABLE `app_tasks` ADD `lease_id` integer;--> statement-breakpoint
ALTER TABLE `app_tasks` ADD `lessee_id` integer;