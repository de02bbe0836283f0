ALTER TABLE `invitations` ADD `mail_token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_mail_token_hash_unique` ON `invitations` (`mail_token_hash`);