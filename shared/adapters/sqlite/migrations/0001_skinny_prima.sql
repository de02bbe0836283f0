CREATE TABLE `extracts` (
	`sha` text PRIMARY KEY NOT NULL,
	`text` text,
	`error` text,
	`extracted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `git_conflicts` (
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`local_sha` text,
	`remote_sha` text,
	`detected_at` integer NOT NULL,
	PRIMARY KEY(`space_id`, `path`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `held_files` (
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`text` text NOT NULL,
	`author_name` text NOT NULL,
	`author_email` text NOT NULL,
	`message` text NOT NULL,
	`held_at` integer NOT NULL,
	PRIMARY KEY(`space_id`, `path`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `space_git` (
	`space_id` integer PRIMARY KEY NOT NULL,
	`synced` integer DEFAULT false NOT NULL,
	`last_sync_at` integer,
	`last_error` text,
	`last_error_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`retry_at` integer,
	`credentials_kind` text,
	`credentials` text,
	`webhook_secret` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
