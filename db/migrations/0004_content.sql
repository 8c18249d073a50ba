CREATE TABLE `content_blog_categories` (
	`slug` text NOT NULL,
	`locale` text NOT NULL,
	`label` text NOT NULL,
	`icon` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`slug`, `locale`)
);
--> statement-breakpoint
CREATE TABLE `content_blog_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_no` integer NOT NULL,
	`locale` text NOT NULL,
	`author_name` text NOT NULL,
	`avatar` text NOT NULL,
	`commented_on` text NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_blog_comments_post_idx` ON `content_blog_comments` (`post_no`,`locale`);--> statement-breakpoint
CREATE TABLE `content_blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_no` integer NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`img` text NOT NULL,
	`title` text NOT NULL,
	`author_name` text NOT NULL,
	`avatar` text NOT NULL,
	`posted_on` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`bookmarked` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_blog_posts_no_idx` ON `content_blog_posts` (`post_no`,`locale`);--> statement-breakpoint
CREATE TABLE `bookmarks` (
	`user_id` integer NOT NULL,
	`target` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `target`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `card_targets` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `datatable_rows` (
	`id` integer PRIMARY KEY NOT NULL,
	`avatar` text DEFAULT '' NOT NULL,
	`full_name` text NOT NULL,
	`post` text NOT NULL,
	`email` text NOT NULL,
	`city` text NOT NULL,
	`start_date` text NOT NULL,
	`salary` text NOT NULL,
	`age` integer NOT NULL,
	`experience` text NOT NULL,
	`status` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_faq_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`locale` text NOT NULL,
	`icon` text NOT NULL,
	`icon_color` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_faq_categories_slug_idx` ON `content_faq_categories` (`slug`,`locale`);--> statement-breakpoint
CREATE TABLE `content_faq_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_no` integer NOT NULL,
	`category_slug` text NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer NOT NULL,
	`updated_on` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_faq_questions_no_idx` ON `content_faq_questions` (`question_no`,`locale`);--> statement-breakpoint
CREATE INDEX `content_faq_questions_cat_idx` ON `content_faq_questions` (`locale`,`category_slug`);--> statement-breakpoint
CREATE TABLE `content_kb_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_no` integer NOT NULL,
	`locale` text NOT NULL,
	`category` text NOT NULL,
	`img` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_kb_articles_no_idx` ON `content_kb_articles` (`article_no`,`locale`);--> statement-breakpoint
CREATE TABLE `newsletter_daily` (
	`day` text PRIMARY KEY NOT NULL,
	`gained` integer NOT NULL,
	`lost` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_pricing_plans` (
	`plan_key` text NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`img` text NOT NULL,
	`subtitle` text NOT NULL,
	`monthly_price` integer NOT NULL,
	`yearly_per_month` integer NOT NULL,
	`yearly_total` integer NOT NULL,
	`benefits` text DEFAULT '[]' NOT NULL,
	`popular` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`plan_key`, `locale`)
);
--> statement-breakpoint
CREATE TABLE `support_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`subject` text NOT NULL,
	`opened_on` text NOT NULL,
	`first_response_hours` real,
	`closed_on` text,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `support_tickets_funder_idx` ON `support_tickets` (`funder_id`,`opened_on`);--> statement-breakpoint
CREATE TABLE `user_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`dob` text,
	`website` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`lives` text DEFAULT '' NOT NULL,
	`cover_img` text DEFAULT '' NOT NULL,
	`social_links` text DEFAULT '{}' NOT NULL,
	`connections` text DEFAULT '{}' NOT NULL,
	`notifications` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `web_traffic_daily` (
	`day` text NOT NULL,
	`device` text NOT NULL,
	`sessions` integer NOT NULL,
	`users` integer NOT NULL,
	`returning_users` integer NOT NULL,
	`duration_sec` integer NOT NULL,
	PRIMARY KEY(`day`, `device`)
);
