CREATE TABLE `routine_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`routine_id` text NOT NULL,
	`org_id` integer NOT NULL,
	`space_id` integer,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`report` text DEFAULT '' NOT NULL,
	`outputs` text NOT NULL,
	`commit` text,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cost` real DEFAULT 0 NOT NULL,
	`quota` text,
	`error` text,
	`requested_by` integer,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`requested_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `routine_runs_routine` ON `routine_runs` (`routine_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `routine_runs_org` ON `routine_runs` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `routines` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` integer NOT NULL,
	`name` text NOT NULL,
	`template` text DEFAULT '' NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`frequency` text NOT NULL,
	`weekday` integer DEFAULT 0 NOT NULL,
	`monthday` integer DEFAULT 1 NOT NULL,
	`at` text NOT NULL,
	`scope` text DEFAULT '[]' NOT NULL,
	`output_page` text DEFAULT '' NOT NULL,
	`output_inbox` integer DEFAULT false NOT NULL,
	`output_webhook` text DEFAULT '' NOT NULL,
	`webhook_secret` text,
	`output_email` text DEFAULT '' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`next_run` integer,
	`last_run` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `routines_space` ON `routines` (`space_id`);--> statement-breakpoint
CREATE INDEX `routines_next_run` ON `routines` (`next_run`);