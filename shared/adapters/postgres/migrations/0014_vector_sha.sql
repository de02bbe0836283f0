ALTER TABLE "index_files" ADD COLUMN "vector_sha" text;--> statement-breakpoint
-- Spaces whose vectors were up to date with their index hold every file's: only the others embed again.
UPDATE "index_files" SET "vector_sha" = "sha" WHERE "space_id" IN (SELECT "space_id" FROM "index_state" WHERE "semantic" AND "embedder_id" IS NOT NULL AND "vectors_commit" IS NOT NULL AND "vectors_commit" = "commit");
