-- One ordered change journal per funder (domain.md §14): the lease change journal becomes the book's, with the kind of
-- each change (lease, ledger, flag, loss, lessee, settings, book) and a lease only where the change has one. The rows
-- already written are lease changes and keep their seqs, so a view holding a seq stays valid.
CREATE TABLE `book_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`funder_id` integer NOT NULL,
	`kind` text NOT NULL,
	`lease_id` integer,
	FOREIGN KEY (`funder_id`) REFERENCES `funders`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
INSERT INTO `book_changes` (`seq`, `funder_id`, `kind`, `lease_id`) SELECT `seq`, `funder_id`, 'lease', `lease_id` FROM `lease_changes`;--> statement-breakpoint
DROP TABLE `lease_changes`;--> statement-breakpoint
CREATE INDEX `book_changes_funder_seq_idx` ON `book_changes` (`funder_id`,`seq`);
--> statement-breakpoint
-- The funder's lock and change counter (db/queries/book-changes.ts): every journalled write moves it first.
ALTER TABLE `funders` ADD `book_version` integer DEFAULT 0 NOT NULL;
