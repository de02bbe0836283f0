CREATE TABLE "credential_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "credential_generation" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_credential_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "credential_generation" SET "value" = "value" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to the commit: the generation row is then the last lock a transaction takes, so two
-- transactions each holding a row the other wants cannot wait on each other through it.
CREATE CONSTRAINT TRIGGER "credentials_account_changed" AFTER UPDATE OR DELETE ON "accounts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credentials_token_updated" AFTER UPDATE OF "account_id", "name", "secret_hash", "read_only", "restricted", "expires_at", "revoked_at" ON "tokens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credentials_token_deleted" AFTER DELETE ON "tokens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credentials_token_spaces_changed" AFTER INSERT OR DELETE ON "token_spaces" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credentials_session_updated" AFTER UPDATE OF "id", "account_id" ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credentials_session_deleted" AFTER DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_credential_generation"();
