ALTER TABLE "invitations" ADD COLUMN "mail_token_hash" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_mail_token_hash_unique" UNIQUE("mail_token_hash");