ALTER TABLE "collab_docs" ADD COLUMN "intent" text;--> statement-breakpoint
ALTER TABLE "collab_docs" ADD COLUMN "intent_state" "bytea";