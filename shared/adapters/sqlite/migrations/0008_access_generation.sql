-- The credential generation is raised by changes to access too: the spaces a caller can see, and a
-- space's lookup with the caller's roles, are then kept in memory under it, like a credential.
CREATE TRIGGER `access_organization_added` AFTER INSERT ON `organizations` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_organization_updated` AFTER UPDATE ON `organizations` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_organization_deleted` AFTER DELETE ON `organizations` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_space_added` AFTER INSERT ON `spaces` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_space_updated` AFTER UPDATE ON `spaces` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_space_deleted` AFTER DELETE ON `spaces` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_org_member_added` AFTER INSERT ON `org_members` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_org_member_updated` AFTER UPDATE ON `org_members` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_org_member_removed` AFTER DELETE ON `org_members` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_space_member_added` AFTER INSERT ON `space_members` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_space_member_updated` AFTER UPDATE ON `space_members` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `access_space_member_removed` AFTER DELETE ON `space_members` BEGIN UPDATE `credential_generation` SET `value` = `value` + 1 WHERE `id` = 1; END;
