CREATE TABLE `changed_pages` (
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`key` text NOT NULL,
	`commit` text NOT NULL,
	`author` text NOT NULL,
	`date` integer NOT NULL,
	`source` text NOT NULL,
	`via` text NOT NULL,
	`before` text,
	`after` text,
	PRIMARY KEY(`space_id`, `path`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `changed_pages_space_key` ON `changed_pages` (`space_id`,`key`);--> statement-breakpoint
CREATE INDEX `changed_pages_space_date` ON `changed_pages` (`space_id`,`date`);--> statement-breakpoint
CREATE TABLE `page_commits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`commit` text NOT NULL,
	`author` text NOT NULL,
	`date` integer NOT NULL,
	`subject` text NOT NULL,
	`source` text NOT NULL,
	`via` text NOT NULL,
	`before` text,
	`after` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_commits_space_path` ON `page_commits` (`space_id`,`path`,`id`);--> statement-breakpoint
ALTER TABLE `space_git` ADD `change_cursor` text;