-- The credential generation is raised by changes to access too: the spaces a caller can see, and a
-- space's lookup with the caller's roles, are then kept in memory under it, like a credential.
-- Deferred to the commit, as the others.
CREATE CONSTRAINT TRIGGER "access_organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "organizations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_space_changed" AFTER INSERT OR UPDATE OR DELETE ON "spaces" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_org_members_changed" AFTER INSERT OR UPDATE OR DELETE ON "org_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "access_space_members_changed" AFTER INSERT OR UPDATE OR DELETE ON "space_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();
