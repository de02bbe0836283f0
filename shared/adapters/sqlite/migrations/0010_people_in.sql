CREATE TABLE `account_links` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`account_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_links_account` ON `account_links` (`account_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `account_links_expiry` ON `account_links` (`expires_at`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` integer NOT NULL,
	`email` text NOT NULL,
	`org_role` text NOT NULL,
	`spaces` text DEFAULT '[]' NOT NULL,
	`token_hash` text,
	`invited_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accepted_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_org` ON `invitations` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sso_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_slug` text NOT NULL,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`next` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`provider_slug`) REFERENCES `sso_providers`(`slug`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_attempts_expiry` ON `sso_attempts` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sso_identities` (
	`provider_slug` text NOT NULL,
	`subject` text NOT NULL,
	`account_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`provider_slug`, `subject`),
	FOREIGN KEY (`provider_slug`) REFERENCES `sso_providers`(`slug`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_identities_account` ON `sso_identities` (`account_id`);--> statement-breakpoint
CREATE TABLE `sso_providers` (
	`slug` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_sealed` text NOT NULL,
	`auto_create` integer DEFAULT false NOT NULL,
	`link_by_email` integer,
	`allowed_domains` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `email_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `must_change_password` integer DEFAULT false NOT NULL;