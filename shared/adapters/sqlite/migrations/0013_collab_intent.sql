ALTER TABLE `collab_docs` ADD `intent` text;--> statement-breakpoint
ALTER TABLE `collab_docs` ADD `intent_state` blob;