CREATE TABLE "favourite_pages" (
	"account_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"path" text NOT NULL,
	"added_at" bigint NOT NULL,
	CONSTRAINT "favourite_pages_account_id_space_id_path_pk" PRIMARY KEY("account_id","space_id","path")
);
--> statement-breakpoint
CREATE TABLE "page_visits" (
	"account_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"path" text NOT NULL,
	"viewed_at" bigint NOT NULL,
	CONSTRAINT "page_visits_account_id_space_id_path_pk" PRIMARY KEY("account_id","space_id","path")
);
--> statement-breakpoint
ALTER TABLE "favourite_pages" ADD CONSTRAINT "favourite_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_pages" ADD CONSTRAINT "favourite_pages_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_pages_page" ON "favourite_pages" USING btree ("space_id","path");--> statement-breakpoint
CREATE INDEX "page_visits_page" ON "page_visits" USING btree ("space_id","path");