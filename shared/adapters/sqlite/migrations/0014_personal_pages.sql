CREATE TABLE `favourite_pages` (
	`account_id` integer NOT NULL,
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `space_id`, `path`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourite_pages_page` ON `favourite_pages` (`space_id`,`path`);--> statement-breakpoint
CREATE TABLE `page_visits` (
	`account_id` integer NOT NULL,
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `space_id`, `path`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_visits_page` ON `page_visits` (`space_id`,`path`);