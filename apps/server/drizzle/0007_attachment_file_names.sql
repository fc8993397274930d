ALTER TABLE "files" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_file_name_length" CHECK (char_length("files"."file_name") between 1 and 255);