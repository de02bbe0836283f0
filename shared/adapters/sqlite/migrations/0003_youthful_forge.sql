CREATE TABLE `embedding_settings` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`base_url` text DEFAULT '' NOT NULL,
	`api_key` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `index_files` (
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`sha` text NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`extracted` integer DEFAULT false NOT NULL,
	`owner` text,
	`verified` text,
	`review_every` text,
	`last_change` integer NOT NULL,
	PRIMARY KEY(`space_id`, `path`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `index_links` (
	`space_id` integer NOT NULL,
	`from_path` text NOT NULL,
	`target` text NOT NULL,
	`to_path` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `index_links_from` ON `index_links` (`space_id`,`from_path`);--> statement-breakpoint
CREATE INDEX `index_links_to` ON `index_links` (`space_id`,`to_path`);--> statement-breakpoint
CREATE TABLE `index_state` (
	`space_id` integer PRIMARY KEY NOT NULL,
	`commit` text,
	`semantic` integer DEFAULT true NOT NULL,
	`embedder_id` text,
	`vectors_commit` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
