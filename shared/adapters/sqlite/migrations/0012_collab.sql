CREATE TABLE `collab_docs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`state` blob NOT NULL,
	`base_blob` text NOT NULL,
	`opened_at` integer NOT NULL,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collab_docs_page` ON `collab_docs` (`space_id`,`path`);--> statement-breakpoint
CREATE TABLE `collab_updates` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`doc_id` integer NOT NULL,
	`account_id` integer,
	`update` blob NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`doc_id`) REFERENCES `collab_docs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `collab_updates_doc` ON `collab_updates` (`doc_id`,`seq`);