CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` text NOT NULL,
	`message_id` text NOT NULL,
	`event` text NOT NULL,
	`attempt` integer NOT NULL,
	`at` integer NOT NULL,
	`status_code` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_webhook` ON `webhook_attempts` (`webhook_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` integer NOT NULL,
	`url` text NOT NULL,
	`events` text,
	`secret_sealed` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_delivery_at` integer,
	`last_status` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhooks_org` ON `webhooks` (`org_id`);