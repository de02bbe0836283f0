CREATE TABLE `credential_generation` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `credential_generation` (`id`, `value`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `credentials_account_updated` AFTER UPDATE ON `accounts` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_account_deleted` AFTER DELETE ON `accounts` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_token_updated` AFTER UPDATE OF `account_id`, `name`, `secret_hash`, `read_only`, `restricted`, `expires_at`, `revoked_at` ON `tokens` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_token_deleted` AFTER DELETE ON `tokens` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_token_space_added` AFTER INSERT ON `token_spaces` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_token_space_removed` AFTER DELETE ON `token_spaces` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_session_updated` AFTER UPDATE OF `id`, `account_id` ON `sessions` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `credentials_session_deleted` AFTER DELETE ON `sessions` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;
