CREATE TABLE `ai_settings` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`base_url` text DEFAULT '' NOT NULL,
	`effort` text DEFAULT '' NOT NULL,
	`api_key` text,
	`price_input` real,
	`price_output` real,
	`monthly_budget` real,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`space_id` integer,
	`payload` text DEFAULT '{}' NOT NULL,
	`status` text NOT NULL,
	`run_at` integer NOT NULL,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_due` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE TABLE `page_marks` (
	`space_id` integer NOT NULL,
	`path` text NOT NULL,
	`sha` text,
	`marked_at` integer NOT NULL,
	PRIMARY KEY(`space_id`, `path`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tidy_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` integer NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`items_done` integer DEFAULT 0 NOT NULL,
	`items_left` integer DEFAULT 0 NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`operations` text DEFAULT '[]' NOT NULL,
	`commit` text,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cost` real DEFAULT 0 NOT NULL,
	`error` text,
	`reverted_at` integer,
	`revert_commit` text,
	`requested_by` integer,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tidy_runs_space` ON `tidy_runs` (`space_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tidy_settings` (
	`space_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`time` text DEFAULT '03:00' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`delay` integer DEFAULT 0 NOT NULL,
	`next_daily_at` integer,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `space_git` ADD `change_base` text;